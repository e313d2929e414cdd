import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

export const SCHOOL_LEVELS = ['TK', 'SD', 'SMP', 'SMA', 'SMK'] as const;
const levelOptions = SCHOOL_LEVELS.map((v) => ({ value: v, label: v }));
const NPSN_MESSAGE = 'NPSN harus 8 karakter angka/huruf besar.';

/** Sekolah: a school of the foundation. */
export const schoolResource = defineResource({
  ...RESOURCE_CATALOG.school,
  plural: 'schools',
  table: 'schools',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Sekolah', input: 'text', required: true, maxLength: 150 },
    { name: 'npsn', label: 'NPSN', input: 'text', maxLength: 8, placeholder: '20219876' },
    { name: 'level', label: 'Jenjang Pendidikan', input: 'select', required: true, options: levelOptions },
    { name: 'school_location_id', label: 'Lokasi', input: 'relation', resource: 'school_location' },
    { name: 'address', label: 'Alamat', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Sekolah', sortable: true },
    { key: 'npsn', label: 'NPSN', sortable: true },
    { key: 'level', label: 'Jenjang Pendidikan', sortable: true },
    { key: 'school_location_name', label: 'Lokasi', ref: 'school_location_id.name', sortable: true },
    { key: 'address', label: 'Alamat' },
  ],
  filters: [
    { key: 'level', label: 'Jenjang Pendidikan', match: 'eq', input: 'select', options: levelOptions },
    {
      key: 'school_location_id',
      label: 'Lokasi',
      match: 'eq',
      input: 'relation',
      resource: 'school_location',
    },
  ],
  search: ['name', 'npsn', 'address'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama sekolah sudah digunakan (periksa juga data non-aktif).' }],
  relations: { school_location_id: { resource: 'school_location', display: 'name', label: 'Lokasi' } },
  exportFileName: 'Data Sekolah',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    npsn: z.string().nullable(),
    level: z.string(),
    school_location_id: z.number().int().nullable(),
    school_location_name: z.string().nullable(),
    address: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama sekolah'),
    npsn: f.optionalPattern('NPSN', /^[0-9A-Z]{8}$/, NPSN_MESSAGE, 8),
    level: f.choice('jenjang pendidikan', SCHOOL_LEVELS),
    school_location_id: f.optionalRef('lokasi'),
    address: f.optionalText('Alamat'),
  }),
});
