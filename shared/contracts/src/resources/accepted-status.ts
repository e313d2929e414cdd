import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Status Penerimaan: outcomes of the selection (Diterima, Cadangan, Tidak Diterima). */
export const acceptedStatusResource = defineResource({
  ...RESOURCE_CATALOG.mst_accepted_status,
  plural: 'mst_accepted_statuses',
  table: 'mst_accepted_statuses',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Status', input: 'text', required: true, maxLength: 100 },
    {
      name: 'is_accepted',
      label: 'Dihitung Diterima',
      input: 'boolean',
      defaultValue: false,
      description: 'Calon murid dengan status ini dianggap diterima (lanjut ke pembayaran).',
    },
    {
      name: 'is_reserve',
      label: 'Daftar Cadangan',
      input: 'boolean',
      defaultValue: false,
      description:
        'Calon murid dengan status ini masuk daftar cadangan (naik bila ada yang mengundurkan diri).',
    },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Status', sortable: true },
    { key: 'is_accepted', label: 'Dihitung Diterima', format: 'boolean', sortable: true },
    { key: 'is_reserve', label: 'Daftar Cadangan', format: 'boolean', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [{ key: 'is_accepted', label: 'Dihitung Diterima', match: 'bool', input: 'boolean' }],
  search: ['name', 'description'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama status sudah digunakan (periksa juga data non-aktif).' }],
  relations: {},
  exportFileName: 'Data Status Penerimaan',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    is_accepted: z.boolean(),
    is_reserve: z.boolean(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama status', 100),
    is_accepted: f.bool('Dihitung diterima').default(false),
    is_reserve: f.bool('Daftar cadangan').default(false),
    description: f.optionalText('Keterangan'),
  }),
});
