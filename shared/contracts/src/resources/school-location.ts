import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Lokasi: a campus or area where schools are (filter of GET /school_period/param). */
export const schoolLocationResource = defineResource({
  ...RESOURCE_CATALOG.school_location,
  plural: 'school_locations',
  table: 'school_locations',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Lokasi', input: 'text', required: true, maxLength: 150 },
    { name: 'city', label: 'Kota/Kabupaten', input: 'text', maxLength: 100 },
    { name: 'address', label: 'Alamat', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Lokasi', sortable: true },
    { key: 'city', label: 'Kota/Kabupaten', sortable: true },
    { key: 'address', label: 'Alamat' },
  ],
  filters: [{ key: 'city', label: 'Kota/Kabupaten', match: 'contains', input: 'text' }],
  search: ['name', 'city', 'address'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama lokasi sudah digunakan (periksa juga data non-aktif).' }],
  relations: {},
  exportFileName: 'Data Lokasi',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    city: z.string().nullable(),
    address: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama lokasi'),
    city: f.optionalText('Kota/Kabupaten', 100),
    address: f.optionalText('Alamat'),
  }),
});
