import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Jenjang: a grade level (TK, SD, SMP…), optionally of one school. */
export const gradeResource = defineResource({
  ...RESOURCE_CATALOG.mst_grade,
  plural: 'mst_grades',
  table: 'mst_grades',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Jenjang', input: 'text', required: true, maxLength: 100 },
    {
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan bila jenjang berlaku untuk semua sekolah.',
    },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Jenjang', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [{ key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' }],
  search: ['name', 'description'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama jenjang sudah digunakan (periksa juga data non-aktif).' }],
  relations: { school_id: { resource: 'school', display: 'name' } },
  exportFileName: 'Data Jenjang',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama jenjang', 100),
    school_id: f.optionalRef('sekolah'),
    description: f.optionalText('Keterangan'),
  }),
});
