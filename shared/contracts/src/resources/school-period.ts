import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { dateOrder, f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/** Periode Pendaftaran: a registration period (gelombang) of one school in one school year. */
export const schoolPeriodResource = defineResource({
  ...RESOURCE_CATALOG.school_period,
  plural: 'school_periods',
  table: 'school_periods',
  titleField: 'name',
  fields: [
    { name: 'school_id', label: 'Sekolah', input: 'relation', resource: 'school', required: true },
    {
      name: 'school_year_id',
      label: 'Tahun Ajaran',
      input: 'relation',
      resource: 'school_year',
      required: true,
    },
    { name: 'name', label: 'Nama Periode', input: 'text', required: true, placeholder: 'Gelombang 1' },
    { name: 'start_date', label: 'Tanggal Mulai', input: 'date', required: true },
    { name: 'end_date', label: 'Tanggal Selesai', input: 'date', required: true },
    { name: 'quota', label: 'Kuota', input: 'number', required: true, defaultValue: 0 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'name', label: 'Nama Periode', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
    { key: 'school_year_name', label: 'Tahun Ajaran', ref: 'school_year_id.name', sortable: true },
    { key: 'start_date', label: 'Tanggal Mulai', format: 'date', sortable: true },
    { key: 'end_date', label: 'Tanggal Selesai', format: 'date', sortable: true },
    { key: 'quota', label: 'Kuota', format: 'number', sortable: true },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    { key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' },
    {
      key: 'school_year_id',
      label: 'Tahun Ajaran',
      match: 'eq',
      input: 'relation',
      resource: 'school_year',
    },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'school_id.name'],
  defaultSort: { column: 'start_date', direction: 'desc' },
  uniques: [
    {
      columns: ['school_id', 'school_year_id', 'name'],
      message: 'Periode dengan nama ini sudah ada untuk sekolah dan tahun ajaran tersebut.',
      field: 'name',
    },
  ],
  relations: {
    school_id: { resource: 'school', display: 'name' },
    school_year_id: { resource: 'school_year', display: 'name' },
  },
  exportFileName: 'Data Periode Pendaftaran',
  schema: z.object({
    ...recordBase,
    school_id: z.number().int(),
    school_name: z.string().nullable(),
    school_year_id: z.number().int(),
    school_year_name: z.string().nullable(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    quota: z.number().int(),
    is_active: z.boolean(),
  }),
  ...inputSchemas(
    {
      school_id: f.ref('sekolah'),
      school_year_id: f.ref('tahun ajaran'),
      name: f.text('Nama periode', 100),
      start_date: f.date('Tanggal mulai'),
      end_date: f.date('Tanggal selesai'),
      quota: f.int('Kuota').default(0),
      is_active: f.bool('Aktif').default(true),
    },
    dateOrder,
  ),
});
