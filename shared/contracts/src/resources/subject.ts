import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Mata Pelajaran: subjects (legger scores, tests). */
export const subjectResource = defineResource({
  ...RESOURCE_CATALOG.mst_subject,
  plural: 'mst_subjects',
  table: 'mst_subjects',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Mata Pelajaran', input: 'text', required: true, maxLength: 150 },
    { name: 'code', label: 'Kode', input: 'text', maxLength: 20 },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Mata Pelajaran', sortable: true },
    { key: 'code', label: 'Kode', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [{ key: 'code', label: 'Kode', match: 'eq', input: 'text' }],
  search: ['name', 'code'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [
    { columns: ['name'], message: 'Nama mata pelajaran sudah digunakan (periksa juga data non-aktif).' },
  ],
  relations: {},
  exportFileName: 'Data Mata Pelajaran',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    code: z.string().nullable(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama mata pelajaran'),
    code: f.optionalText('Kode', 20),
    description: f.optionalText('Keterangan'),
  }),
});
