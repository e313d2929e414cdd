import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { dateOrder, f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Tahun Ajaran; at most one is active (activating one deactivates the others). */
export const schoolYearResource = defineResource({
  ...RESOURCE_CATALOG.school_year,
  plural: 'school_years',
  table: 'school_years',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Tahun Ajaran', input: 'text', required: true, placeholder: '2027/2028' },
    { name: 'start_date', label: 'Tanggal Mulai', input: 'date', required: true },
    { name: 'end_date', label: 'Tanggal Selesai', input: 'date', required: true },
    {
      name: 'is_active',
      label: 'Aktif',
      input: 'boolean',
      defaultValue: false,
      description: 'Hanya satu tahun ajaran yang aktif; mengaktifkan ini menonaktifkan yang lain.',
    },
    {
      name: 'voucher_price',
      label: 'Harga Voucher Online',
      input: 'money',
      description:
        'Harga satu voucher yang dibeli orang tua secara online. Kosongkan bila tidak dijual online.',
    },
  ],
  columns: [
    { key: 'name', label: 'Tahun Ajaran', sortable: true },
    { key: 'start_date', label: 'Tanggal Mulai', format: 'date', sortable: true },
    { key: 'end_date', label: 'Tanggal Selesai', format: 'date', sortable: true },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
    { key: 'voucher_price', label: 'Harga Voucher Online', format: 'money' },
  ],
  filters: [{ key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' }],
  search: ['name'],
  defaultSort: { column: 'start_date', direction: 'desc' },
  uniques: [{ columns: ['name'], message: 'Tahun ajaran sudah ada (periksa juga data non-aktif).' }],
  relations: {},
  exportFileName: 'Data Tahun Ajaran',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    is_active: z.boolean(),
    voucher_price: z.number().int().nullable(),
  }),
  ...inputSchemas(
    {
      name: f.text('Tahun ajaran', 20).regex(/^\d{4}\/\d{4}$/, 'Tahun ajaran ditulis seperti 2027/2028.'),
      start_date: f.date('Tanggal mulai'),
      end_date: f.date('Tanggal selesai'),
      is_active: f.bool('Aktif').default(false),
      // 0 or empty: not sold online.
      voucher_price: f
        .money('Harga voucher online')
        .nullish()
        .transform((v) => (v ? v : null)),
    },
    dateOrder,
  ),
});
