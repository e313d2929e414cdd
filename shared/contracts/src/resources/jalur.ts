import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Tipe Jalur: admission tracks (Reguler, Internal, Prestasi). */
export const jalurResource = defineResource({
  ...RESOURCE_CATALOG.mst_jalur,
  plural: 'mst_jalurs',
  table: 'mst_jalurs',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Jalur', input: 'text', required: true, maxLength: 100 },
    {
      name: 'is_internal',
      label: 'Jalur Internal',
      input: 'boolean',
      defaultValue: false,
      description: 'Untuk calon murid dari sekolah yayasan sendiri.',
    },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'name', label: 'Nama Jalur', sortable: true },
    { key: 'is_internal', label: 'Jalur Internal', format: 'boolean', sortable: true },
    { key: 'description', label: 'Keterangan' },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    { key: 'is_internal', label: 'Jalur Internal', match: 'bool', input: 'boolean' },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'description'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama jalur sudah digunakan (periksa juga data non-aktif).' }],
  relations: {},
  exportFileName: 'Data Tipe Jalur',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    is_internal: z.boolean(),
    description: z.string().nullable(),
    is_active: z.boolean(),
  }),
  ...inputSchemas({
    name: f.text('Nama jalur', 100),
    is_internal: f.bool('Jalur internal').default(false),
    description: f.optionalText('Keterangan'),
    is_active: f.bool('Aktif').default(true),
  }),
});
