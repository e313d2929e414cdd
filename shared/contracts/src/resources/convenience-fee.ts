import { PAYMENT_CHANNEL_OPTIONS, PAYMENT_CHANNELS } from '../payments/channels';
import { FEE_TYPES } from '../payments/fees';
import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

const FEE_TYPE_OPTIONS = [
  { value: 'flat', label: 'Nominal tetap' },
  { value: 'percent', label: 'Persentase' },
];

export const CONVENIENCE_FEE_MSG = {
  minOverMax: 'Biaya minimal tidak boleh lebih dari biaya maksimal.',
} as const;

/**
 * Biaya Admin: the fee a parent pays on top of a bill for the channel they pay through (flat, or a
 * percentage rounded up to the rupiah, kept between an optional minimum and maximum). One active fee per
 * channel; the amount is worked out by `convenienceFee` (payments/fees.ts).
 */
export const convenienceFeeResource = defineResource({
  ...RESOURCE_CATALOG['us/convenience_fee'],
  plural: 'us/convenience_fees',
  table: 'convenience_fees',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama', input: 'text', required: true, maxLength: 100 },
    {
      name: 'channel',
      label: 'Kanal Pembayaran',
      input: 'select',
      options: PAYMENT_CHANNEL_OPTIONS,
      required: true,
    },
    { name: 'fee_type', label: 'Jenis Biaya', input: 'select', options: FEE_TYPE_OPTIONS, required: true },
    { name: 'flat_amount', label: 'Nominal Tetap', input: 'money', defaultValue: 0 },
    {
      name: 'percent_bp',
      label: 'Persentase (basis poin)',
      input: 'number',
      defaultValue: 0,
      description: '100 basis poin = 1%; 250 = 2,5%. Dibulatkan ke atas per rupiah.',
    },
    { name: 'min_amount', label: 'Biaya Minimal', input: 'money' },
    { name: 'max_amount', label: 'Biaya Maksimal', input: 'money' },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'name', label: 'Nama', sortable: true },
    {
      key: 'channel',
      label: 'Kanal Pembayaran',
      format: 'list',
      options: PAYMENT_CHANNEL_OPTIONS,
      sortable: true,
    },
    { key: 'fee_type', label: 'Jenis Biaya', format: 'list', options: FEE_TYPE_OPTIONS, sortable: true },
    { key: 'flat_amount', label: 'Nominal Tetap', format: 'money', sortable: true },
    { key: 'percent_bp', label: 'Persentase', format: 'basis_points', sortable: true },
    { key: 'min_amount', label: 'Biaya Minimal', format: 'money' },
    { key: 'max_amount', label: 'Biaya Maksimal', format: 'money' },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    {
      key: 'channel',
      label: 'Kanal Pembayaran',
      match: 'eq',
      input: 'select',
      options: PAYMENT_CHANNEL_OPTIONS,
    },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'channel'],
  defaultSort: { column: 'channel', direction: 'asc' },
  uniques: [
    { columns: ['name'], message: 'Nama biaya admin sudah digunakan (periksa juga data non-aktif).' },
    {
      columns: ['channel'],
      message: 'Kanal ini sudah punya biaya admin yang aktif. Nonaktifkan yang lama terlebih dahulu.',
    },
  ],
  relations: {},
  exportFileName: 'Data Biaya Admin',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    channel: z.enum(PAYMENT_CHANNELS),
    fee_type: z.enum(FEE_TYPES),
    flat_amount: z.number().int(),
    percent_bp: z.number().int(),
    min_amount: z.number().int().nullable(),
    max_amount: z.number().int().nullable(),
    is_active: z.boolean(),
  }),
  ...inputSchemas(
    {
      name: f.text('Nama', 100),
      channel: f.choice('kanal pembayaran', PAYMENT_CHANNELS),
      fee_type: f.choice('jenis biaya', FEE_TYPES),
      flat_amount: f.money('Nominal tetap').default(0),
      percent_bp: f.int('Persentase').max(10_000, 'Persentase maksimal 10000 basis poin (100%).').default(0),
      min_amount: f.optionalMoney('Biaya minimal'),
      max_amount: f.optionalMoney('Biaya maksimal'),
      is_active: f.bool('Aktif').default(true),
    },
    (v, ctx) => {
      if (typeof v.min_amount === 'number' && typeof v.max_amount === 'number' && v.min_amount > v.max_amount)
        ctx.addIssue({ code: 'custom', path: ['max_amount'], message: CONVENIENCE_FEE_MSG.minOverMax });
    },
  ),
});
