import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

const DUPLICATE = '(periksa juga data non-aktif).';

/** Tipe Pembayaran: the kinds of fee a school bills (Formulir, Uang Pangkal, Seragam). */
export const typePaymentResource = defineResource({
  ...RESOURCE_CATALOG.mst_type_payment,
  plural: 'mst_type_payments',
  table: 'mst_type_payments',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Tipe Pembayaran', input: 'text', required: true, maxLength: 100 },
    {
      name: 'code',
      label: 'Kode',
      input: 'text',
      required: true,
      maxLength: 30,
      description: 'Singkatan unik, dipakai pada nomor tagihan (mis. FORM, UP, SRG).',
    },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
    {
      name: 'is_installment_allowed',
      label: 'Boleh Dicicil',
      input: 'boolean',
      defaultValue: false,
    },
    { name: 'sort_order', label: 'Urutan', input: 'number', defaultValue: 0 },
  ],
  columns: [
    { key: 'code', label: 'Kode', sortable: true, copyable: true },
    { key: 'name', label: 'Nama Tipe Pembayaran', sortable: true },
    { key: 'is_installment_allowed', label: 'Boleh Dicicil', format: 'boolean', sortable: true },
    { key: 'sort_order', label: 'Urutan', format: 'number', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [{ key: 'is_installment_allowed', label: 'Boleh Dicicil', match: 'bool', input: 'boolean' }],
  search: ['name', 'code', 'description'],
  defaultSort: { column: 'sort_order', direction: 'asc' },
  uniques: [
    { columns: ['name'], message: `Nama tipe pembayaran sudah digunakan ${DUPLICATE}` },
    { columns: ['code'], message: `Kode tipe pembayaran sudah digunakan ${DUPLICATE}` },
  ],
  relations: {},
  exportFileName: 'Data Tipe Pembayaran',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    code: z.string(),
    description: z.string().nullable(),
    is_installment_allowed: z.boolean(),
    sort_order: z.number().int(),
  }),
  ...inputSchemas({
    name: f.text('Nama tipe pembayaran', 100),
    code: f
      .text('Kode', 30)
      .regex(/^[A-Za-z0-9\-_]+$/, 'Kode hanya boleh berisi huruf, angka, - dan _.')
      .transform((v) => v.toUpperCase()),
    description: f.optionalText('Keterangan'),
    is_installment_allowed: f.bool('Boleh dicicil').default(false),
    sort_order: f.int('Urutan').default(0),
  }),
});

/** Komponen pembayaran: the lines a payment type is made of (Formulir → "Biaya Formulir"), each to a COA. */
export const paymentResource = defineResource({
  ...RESOURCE_CATALOG.mst_payment,
  plural: 'mst_payments',
  table: 'mst_payments',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Komponen', input: 'text', required: true, maxLength: 150 },
    {
      name: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      input: 'relation',
      resource: 'mst_type_payment',
      required: true,
    },
    { name: 'mst_coa_id', label: 'Akun (COA)', input: 'relation', resource: 'mst_coa' },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Komponen', sortable: true },
    {
      key: 'mst_type_payment_name',
      label: 'Tipe Pembayaran',
      ref: 'mst_type_payment_id.name',
      sortable: true,
    },
    { key: 'mst_coa_name', label: 'Akun (COA)', ref: 'mst_coa_id.name', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [
    {
      key: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      match: 'eq',
      input: 'relation',
      resource: 'mst_type_payment',
    },
    { key: 'mst_coa_id', label: 'Akun (COA)', match: 'eq', input: 'relation', resource: 'mst_coa' },
  ],
  search: ['name', 'mst_type_payment_id.name', 'description'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [
    {
      columns: ['mst_type_payment_id', 'name'],
      message: `Komponen ini sudah ada pada tipe pembayaran tersebut ${DUPLICATE}`,
      field: 'name',
    },
  ],
  relations: {
    mst_type_payment_id: { resource: 'mst_type_payment', display: 'name' },
    mst_coa_id: { resource: 'mst_coa', display: 'name' },
  },
  exportFileName: 'Data Komponen Pembayaran',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    mst_type_payment_id: z.number().int(),
    mst_type_payment_name: z.string().nullable(),
    mst_coa_id: z.number().int().nullable(),
    mst_coa_name: z.string().nullable(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama komponen'),
    mst_type_payment_id: f.ref('tipe pembayaran'),
    mst_coa_id: f.optionalRef('akun (COA)'),
    description: f.optionalText('Keterangan'),
  }),
});

/** Pembayaran Tambahan: extras a bill may carry (Infaq, Donasi), optionally per school. */
export const additionalPaymentResource = defineResource({
  ...RESOURCE_CATALOG.mst_additional_payment,
  plural: 'mst_additional_payments',
  table: 'mst_additional_payments',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Pembayaran Tambahan', input: 'text', required: true, maxLength: 150 },
    {
      name: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      input: 'relation',
      resource: 'mst_type_payment',
      required: true,
    },
    { name: 'amount', label: 'Nominal', input: 'money', required: true, defaultValue: 0 },
    {
      name: 'is_optional',
      label: 'Opsional',
      input: 'boolean',
      defaultValue: true,
      description: 'Orang tua boleh memilih untuk tidak membayarnya.',
    },
    {
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan bila berlaku untuk semua sekolah.',
    },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Pembayaran Tambahan', sortable: true },
    {
      key: 'mst_type_payment_name',
      label: 'Tipe Pembayaran',
      ref: 'mst_type_payment_id.name',
      sortable: true,
    },
    { key: 'amount', label: 'Nominal', format: 'money', sortable: true },
    { key: 'is_optional', label: 'Opsional', format: 'boolean', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [
    {
      key: 'mst_type_payment_id',
      label: 'Tipe Pembayaran',
      match: 'eq',
      input: 'relation',
      resource: 'mst_type_payment',
    },
    { key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' },
    { key: 'is_optional', label: 'Opsional', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'description'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [
    {
      columns: ['school_id', 'name'],
      message: `Nama pembayaran tambahan sudah digunakan pada sekolah tersebut ${DUPLICATE}`,
      field: 'name',
    },
  ],
  relations: {
    mst_type_payment_id: { resource: 'mst_type_payment', display: 'name' },
    school_id: { resource: 'school', display: 'name' },
  },
  exportFileName: 'Data Pembayaran Tambahan',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    mst_type_payment_id: z.number().int(),
    mst_type_payment_name: z.string().nullable(),
    amount: z.number().int(),
    is_optional: z.boolean(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama pembayaran tambahan'),
    mst_type_payment_id: f.ref('tipe pembayaran'),
    amount: f.money('Nominal'),
    is_optional: f.bool('Opsional').default(true),
    school_id: f.optionalRef('sekolah'),
    description: f.optionalText('Keterangan'),
  }),
});
