import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Barang: goods a school sells with the registration (uniforms, books), optionally per school. */
export const itemResource = defineResource({
  ...RESOURCE_CATALOG.mst_item,
  plural: 'mst_items',
  table: 'mst_items',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Barang', input: 'text', required: true, maxLength: 150 },
    {
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan bila barang tersedia untuk semua sekolah.',
    },
    {
      name: 'mst_class_id',
      label: 'Kelas',
      input: 'relation',
      resource: 'mst_class',
      description:
        'Kosongkan bila barang untuk semua kelas; bila diisi, hanya ditawarkan kepada calon murid kelas itu.',
    },
    { name: 'price', label: 'Harga', input: 'money', required: true, defaultValue: 0 },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'name', label: 'Nama Barang', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
    { key: 'mst_class_name', label: 'Kelas', ref: 'mst_class_id.name', sortable: true },
    { key: 'price', label: 'Harga', format: 'money', sortable: true },
    { key: 'description', label: 'Keterangan' },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    { key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'description'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama barang sudah digunakan (periksa juga data non-aktif).' }],
  relations: {
    school_id: { resource: 'school', display: 'name' },
    mst_class_id: { resource: 'mst_class', display: 'name' },
  },
  exportFileName: 'Data Barang',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
    mst_class_id: z.number().int().nullable(),
    mst_class_name: z.string().nullable(),
    price: z.number().int(),
    description: z.string().nullable(),
    is_active: z.boolean(),
  }),
  ...inputSchemas({
    name: f.text('Nama barang'),
    school_id: f.optionalRef('sekolah'),
    mst_class_id: f.optionalRef('kelas'),
    price: f.money('Harga'),
    description: f.optionalText('Keterangan'),
    is_active: f.bool('Aktif').default(true),
  }),
});
