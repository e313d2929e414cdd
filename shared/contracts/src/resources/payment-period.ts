import {
  DEFAULT_SCHOOL_PAYMENT_CHANNELS,
  PAYMENT_CHANNEL_OPTIONS,
  PAYMENT_CHANNELS,
} from '../payments/channels';
import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { FIELD_MSG, f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

const DUPLICATE = '(periksa juga data non-aktif).';
const upTo = (label: string, min: number, max: number) =>
  f.int(label, min).max(max, `${label} maksimal ${max}.`);

const periodField = {
  name: 'school_period_id',
  label: 'Periode Pendaftaran',
  input: 'relation',
  resource: 'school_period',
  required: true,
} as const;
const periodColumns = [
  { key: 'school_name', label: 'Sekolah', ref: 'school_period_id.school_id.name', sortable: true },
  { key: 'school_period_name', label: 'Periode Pendaftaran', ref: 'school_period_id.name', sortable: true },
] as const;
const periodFilters = [
  {
    key: 'school_period_id',
    label: 'Periode Pendaftaran',
    match: 'eq',
    input: 'relation',
    resource: 'school_period',
  },
  {
    key: 'school_id',
    label: 'Sekolah',
    ref: 'school_period_id.school_id',
    match: 'eq',
    input: 'relation',
    resource: 'school',
  },
] as const;
const periodRecord = {
  school_period_id: z.number().int(),
  school_period_name: z.string().nullable(),
  school_name: z.string().nullable(),
};

/**
 * Pembayaran per Periode: a payment type offered in a registration period, with its billing rules (channels,
 * how long a virtual account lives, the last day to pay, installments, when the bill is made).
 */
export const schoolPaymentResource = defineResource({
  ...RESOURCE_CATALOG.school_payment,
  plural: 'school_payments',
  table: 'school_payments',
  titleField: 'mst_type_payment_name',
  fields: [
    periodField,
    {
      name: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      input: 'relation',
      resource: 'mst_type_payment',
      required: true,
    },
    {
      name: 'channels',
      label: 'Kanal Pembayaran',
      input: 'multiselect',
      options: PAYMENT_CHANNEL_OPTIONS,
      required: true,
      defaultValue: DEFAULT_SCHOOL_PAYMENT_CHANNELS,
    },
    {
      name: 'expiry_hours',
      label: 'Masa Berlaku VA (jam)',
      input: 'number',
      defaultValue: 24,
      description: 'Antara 1 dan 4320 jam (180 hari).',
    },
    { name: 'due_date', label: 'Batas Pelunasan', input: 'date' },
    {
      name: 'max_installments',
      label: 'Maksimal Cicilan',
      input: 'number',
      defaultValue: 1,
      description: '1 = dibayar lunas sekaligus; paling banyak 12.',
    },
    {
      name: 'generate_after_registration',
      label: 'Buat Tagihan Setelah Pendaftaran',
      input: 'boolean',
      defaultValue: false,
    },
    { name: 'show_at_graduation', label: 'Tampilkan Saat Kelulusan', input: 'boolean', defaultValue: false },
    { name: 'mst_coa_id', label: 'Akun (COA)', input: 'relation', resource: 'mst_coa' },
  ],
  columns: [
    ...periodColumns,
    {
      key: 'mst_type_payment_name',
      label: 'Tipe Pembayaran',
      ref: 'mst_type_payment_id.name',
      sortable: true,
    },
    { key: 'channels', label: 'Kanal Pembayaran', format: 'list', options: PAYMENT_CHANNEL_OPTIONS },
    { key: 'due_date', label: 'Batas Pelunasan', format: 'date', sortable: true },
    { key: 'expiry_hours', label: 'Masa Berlaku VA (jam)', format: 'number', sortable: true },
    { key: 'max_installments', label: 'Maksimal Cicilan', format: 'number', sortable: true },
    {
      key: 'generate_after_registration',
      label: 'Buat Tagihan Setelah Pendaftaran',
      format: 'boolean',
    },
    { key: 'show_at_graduation', label: 'Tampilkan Saat Kelulusan', format: 'boolean' },
    { key: 'mst_coa_name', label: 'Akun (COA)', ref: 'mst_coa_id.name' },
  ],
  filters: [
    ...periodFilters,
    {
      key: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      match: 'eq',
      input: 'relation',
      resource: 'mst_type_payment',
    },
  ],
  search: ['mst_type_payment_id.name', 'school_period_id.name'],
  defaultSort: { column: 'school_period_name', direction: 'asc' },
  uniques: [
    {
      columns: ['school_period_id', 'mst_type_payment_id'],
      message: `Tipe pembayaran ini sudah ada pada periode tersebut ${DUPLICATE}`,
      field: 'mst_type_payment_id',
    },
  ],
  relations: {
    school_period_id: { resource: 'school_period', display: 'name' },
    mst_type_payment_id: { resource: 'mst_type_payment', display: 'name' },
    mst_coa_id: { resource: 'mst_coa', display: 'name' },
  },
  exportFileName: 'Data Pembayaran per Periode',
  schema: z.object({
    ...recordBase,
    ...periodRecord,
    mst_type_payment_id: z.number().int(),
    mst_type_payment_name: z.string().nullable(),
    channels: z.array(z.enum(PAYMENT_CHANNELS)),
    expiry_hours: z.number().int(),
    due_date: z.string().nullable(),
    max_installments: z.number().int(),
    generate_after_registration: z.boolean(),
    show_at_graduation: z.boolean(),
    mst_coa_id: z.number().int().nullable(),
    mst_coa_name: z.string().nullable(),
  }),
  ...inputSchemas({
    school_period_id: f.ref('periode pendaftaran'),
    mst_type_payment_id: f.ref('tipe pembayaran'),
    channels: f.choices('kanal pembayaran', PAYMENT_CHANNELS).default([...DEFAULT_SCHOOL_PAYMENT_CHANNELS]),
    expiry_hours: upTo('Masa berlaku VA', 1, 4320).default(24),
    due_date: f.optionalDate('Batas pelunasan'),
    max_installments: upTo('Maksimal cicilan', 1, 12).default(1),
    generate_after_registration: f.bool('Buat tagihan setelah pendaftaran').default(false),
    show_at_graduation: f.bool('Tampilkan saat kelulusan').default(false),
    mst_coa_id: f.optionalRef('akun (COA)'),
  }),
});

/**
 * Rincian Biaya: the amount of one payment component in a period, for one class and jalur or for all of them
 * (empty = every class / every jalur). Bills are built from these lines.
 */
export const setupPaymentResource = defineResource({
  ...RESOURCE_CATALOG.setup_payment,
  plural: 'setup_payments',
  table: 'setup_payments',
  titleField: 'mst_payment_name',
  fields: [
    periodField,
    {
      name: 'mst_class_id',
      label: 'Kelas',
      input: 'relation',
      resource: 'mst_class',
      description: 'Kosongkan bila berlaku untuk semua kelas.',
    },
    {
      name: 'mst_jalur_id',
      label: 'Jalur',
      input: 'relation',
      resource: 'mst_jalur',
      description: 'Kosongkan bila berlaku untuk semua jalur.',
    },
    {
      name: 'mst_payment_id',
      label: 'Komponen Pembayaran',
      input: 'relation',
      resource: 'mst_payment',
      required: true,
    },
    { name: 'amount', label: 'Nominal', input: 'money', required: true },
  ],
  columns: [
    ...periodColumns,
    {
      key: 'mst_class_name',
      label: 'Kelas',
      ref: 'mst_class_id.name',
      sortable: true,
      emptyLabel: 'Semua kelas',
    },
    {
      key: 'mst_jalur_name',
      label: 'Jalur',
      ref: 'mst_jalur_id.name',
      sortable: true,
      emptyLabel: 'Semua jalur',
    },
    { key: 'mst_payment_name', label: 'Komponen Pembayaran', ref: 'mst_payment_id.name', sortable: true },
    { key: 'amount', label: 'Nominal', format: 'money', sortable: true },
    {
      key: 'mst_type_payment_name',
      label: 'Tipe Pembayaran',
      ref: 'mst_payment_id.mst_type_payment_id.name',
      sortable: true,
    },
  ],
  filters: [
    ...periodFilters,
    { key: 'mst_class_id', label: 'Kelas', match: 'eq', input: 'relation', resource: 'mst_class' },
    { key: 'mst_jalur_id', label: 'Jalur', match: 'eq', input: 'relation', resource: 'mst_jalur' },
    {
      key: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      ref: 'mst_payment_id.mst_type_payment_id',
      match: 'eq',
      input: 'relation',
      resource: 'mst_type_payment',
    },
    {
      key: 'mst_payment_id',
      label: 'Komponen Pembayaran',
      match: 'eq',
      input: 'relation',
      resource: 'mst_payment',
    },
  ],
  search: ['mst_payment_id.name', 'mst_class_id.name', 'school_period_id.name'],
  defaultSort: { column: 'school_period_name', direction: 'asc' },
  uniques: [
    {
      columns: ['school_period_id', 'mst_class_id', 'mst_jalur_id', 'mst_payment_id'],
      message: `Komponen ini sudah diatur untuk periode, kelas dan jalur tersebut ${DUPLICATE}`,
      field: 'mst_payment_id',
    },
  ],
  relations: {
    school_period_id: { resource: 'school_period', display: 'name' },
    mst_class_id: { resource: 'mst_class', display: 'name' },
    mst_jalur_id: { resource: 'mst_jalur', display: 'name' },
    mst_payment_id: { resource: 'mst_payment', display: 'name' },
  },
  exportFileName: 'Data Rincian Biaya per Periode',
  schema: z.object({
    ...recordBase,
    ...periodRecord,
    mst_class_id: z.number().int().nullable(),
    mst_class_name: z.string().nullable(),
    mst_jalur_id: z.number().int().nullable(),
    mst_jalur_name: z.string().nullable(),
    mst_payment_id: z.number().int(),
    mst_payment_name: z.string().nullable(),
    mst_type_payment_name: z.string().nullable(),
    amount: z.number().int(),
  }),
  ...inputSchemas({
    school_period_id: f.ref('periode pendaftaran'),
    mst_class_id: f.optionalRef('kelas'),
    mst_jalur_id: f.optionalRef('jalur'),
    mst_payment_id: f.ref('komponen pembayaran'),
    amount: f.money('Nominal').min(1, FIELD_MSG.min('Nominal', 1)),
  }),
});
