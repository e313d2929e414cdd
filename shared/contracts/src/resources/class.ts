import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Kelas: a class of a grade (class → grade → school). */
export const classResource = defineResource({
  ...RESOURCE_CATALOG.mst_class,
  plural: 'mst_classes',
  table: 'mst_classes',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Kelas', input: 'text', required: true, maxLength: 100 },
    { name: 'mst_grade_id', label: 'Jenjang', input: 'relation', resource: 'mst_grade', required: true },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'name', label: 'Nama Kelas', sortable: true },
    { key: 'mst_grade_name', label: 'Jenjang', ref: 'mst_grade_id.name', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'mst_grade_id.school_id.name', sortable: true },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    { key: 'mst_grade_id', label: 'Jenjang', match: 'eq', input: 'relation', resource: 'mst_grade' },
    {
      key: 'school_id',
      label: 'Sekolah',
      ref: 'mst_grade_id.school_id',
      match: 'eq',
      input: 'relation',
      resource: 'school',
    },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'mst_grade_id.name'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [
    {
      columns: ['mst_grade_id', 'name'],
      message: 'Kelas dengan nama ini sudah ada pada jenjang tersebut (periksa juga data non-aktif).',
      field: 'name',
    },
  ],
  relations: { mst_grade_id: { resource: 'mst_grade', display: 'name' } },
  exportFileName: 'Data Kelas',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    mst_grade_id: z.number().int(),
    mst_grade_name: z.string().nullable(),
    school_name: z.string().nullable(),
    is_active: z.boolean(),
  }),
  ...inputSchemas({
    name: f.text('Nama kelas', 100),
    mst_grade_id: f.ref('jenjang'),
    is_active: f.bool('Aktif').default(true),
  }),
});
