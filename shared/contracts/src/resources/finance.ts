import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

const code = (label: string) =>
  f
    .text(label, 30)
    .regex(/^[A-Za-z0-9.\-_/]+$/, `${label} hanya boleh berisi huruf, angka, titik, -, _ dan /.`);

/** Jenis Finansial: journal types of the accounting export. */
export const jurnalResource = defineResource({
  ...RESOURCE_CATALOG.mst_jurnal,
  plural: 'mst_jurnals',
  table: 'mst_jurnals',
  titleField: 'name',
  fields: [
    { name: 'code', label: 'Kode Jurnal', input: 'text', required: true, maxLength: 30 },
    { name: 'name', label: 'Nama Jurnal', input: 'text', required: true, maxLength: 150 },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'code', label: 'Kode Jurnal', sortable: true },
    { key: 'name', label: 'Nama Jurnal', sortable: true },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [],
  search: ['code', 'name'],
  defaultSort: { column: 'code', direction: 'asc' },
  uniques: [{ columns: ['code'], message: 'Kode jurnal sudah digunakan (periksa juga data non-aktif).' }],
  relations: {},
  exportFileName: 'Data Jurnal',
  schema: z.object({
    ...recordBase,
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    code: code('Kode jurnal'),
    name: f.text('Nama jurnal'),
    description: f.optionalText('Keterangan'),
  }),
});

export const COA_TYPES = ['aset', 'kewajiban', 'ekuitas', 'pendapatan', 'beban'] as const;
const coaTypeOptions = [
  { value: 'aset', label: 'Aset' },
  { value: 'kewajiban', label: 'Kewajiban' },
  { value: 'ekuitas', label: 'Ekuitas' },
  { value: 'pendapatan', label: 'Pendapatan' },
  { value: 'beban', label: 'Beban' },
];

/** Jenis Finansial: chart of accounts (COA). */
export const coaResource = defineResource({
  ...RESOURCE_CATALOG.mst_coa,
  plural: 'mst_coas',
  table: 'mst_coas',
  titleField: 'name',
  fields: [
    { name: 'code', label: 'Kode Akun', input: 'text', required: true, maxLength: 30 },
    { name: 'name', label: 'Nama Akun', input: 'text', required: true, maxLength: 150 },
    { name: 'account_type', label: 'Jenis Akun', input: 'select', required: true, options: coaTypeOptions },
    { name: 'mst_jurnal_id', label: 'Jurnal', input: 'relation', resource: 'mst_jurnal' },
  ],
  columns: [
    { key: 'code', label: 'Kode Akun', sortable: true },
    { key: 'name', label: 'Nama Akun', sortable: true },
    { key: 'account_type', label: 'Jenis Akun', sortable: true },
    { key: 'mst_jurnal_name', label: 'Jurnal', ref: 'mst_jurnal_id.name', sortable: true },
  ],
  filters: [
    { key: 'account_type', label: 'Jenis Akun', match: 'eq', input: 'select', options: coaTypeOptions },
    { key: 'mst_jurnal_id', label: 'Jurnal', match: 'eq', input: 'relation', resource: 'mst_jurnal' },
  ],
  search: ['code', 'name'],
  defaultSort: { column: 'code', direction: 'asc' },
  uniques: [{ columns: ['code'], message: 'Kode akun sudah digunakan (periksa juga data non-aktif).' }],
  relations: { mst_jurnal_id: { resource: 'mst_jurnal', display: 'name' } },
  exportFileName: 'Data Akun COA',
  schema: z.object({
    ...recordBase,
    code: z.string(),
    name: z.string(),
    account_type: z.enum(COA_TYPES),
    mst_jurnal_id: z.number().int().nullable(),
    mst_jurnal_name: z.string().nullable(),
  }),
  ...inputSchemas({
    code: code('Kode akun'),
    name: f.text('Nama akun'),
    account_type: f.choice('jenis akun', COA_TYPES),
    mst_jurnal_id: f.optionalRef('jurnal'),
  }),
});

/** Jenis Finansial: responsibility centres (cost/revenue centres), optionally per school. */
export const respResource = defineResource({
  ...RESOURCE_CATALOG.mst_resp,
  plural: 'mst_resps',
  table: 'mst_resps',
  titleField: 'name',
  fields: [
    { name: 'code', label: 'Kode', input: 'text', required: true, maxLength: 30 },
    { name: 'name', label: 'Nama', input: 'text', required: true, maxLength: 150 },
    { name: 'school_id', label: 'Sekolah', input: 'relation', resource: 'school' },
  ],
  columns: [
    { key: 'code', label: 'Kode', sortable: true },
    { key: 'name', label: 'Nama', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
  ],
  filters: [{ key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' }],
  search: ['code', 'name'],
  defaultSort: { column: 'code', direction: 'asc' },
  uniques: [{ columns: ['code'], message: 'Kode sudah digunakan (periksa juga data non-aktif).' }],
  relations: { school_id: { resource: 'school', display: 'name' } },
  exportFileName: 'Data Pusat Pertanggungjawaban',
  schema: z.object({
    ...recordBase,
    code: z.string(),
    name: z.string(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
  }),
  ...inputSchemas({
    code: code('Kode'),
    name: f.text('Nama'),
    school_id: f.optionalRef('sekolah'),
  }),
});
