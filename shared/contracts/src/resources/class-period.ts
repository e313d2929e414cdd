import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/**
 * Kelas - Periode Pendaftaran: the quota of one class in one registration period. POST with a period and
 * class that already have a live record sets its quota (upsertKey). used_quota is recounted by
 * POST /class_period/refresh_quota.
 */
export const classPeriodResource = defineResource({
  ...RESOURCE_CATALOG.class_period,
  plural: 'class_periods',
  table: 'class_periods',
  titleField: 'mst_class_name',
  fields: [
    {
      name: 'school_period_id',
      label: 'Periode Pendaftaran',
      input: 'relation',
      resource: 'school_period',
      required: true,
    },
    { name: 'mst_class_id', label: 'Kelas', input: 'relation', resource: 'mst_class', required: true },
    { name: 'quota', label: 'Kuota', input: 'number', required: true, defaultValue: 0 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'school_name', label: 'Sekolah', ref: 'school_period_id.school_id.name', sortable: true },
    { key: 'school_period_name', label: 'Periode Pendaftaran', ref: 'school_period_id.name', sortable: true },
    {
      key: 'school_year_name',
      label: 'Tahun Ajaran',
      ref: 'school_period_id.school_year_id.name',
      sortable: true,
    },
    { key: 'mst_class_name', label: 'Kelas', ref: 'mst_class_id.name', sortable: true },
    { key: 'quota', label: 'Kuota', format: 'number', sortable: true },
    { key: 'used_quota', label: 'Kuota Terpakai', format: 'number', sortable: true },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    {
      key: 'school_period_id',
      label: 'Periode Pendaftaran',
      match: 'eq',
      input: 'relation',
      resource: 'school_period',
    },
    { key: 'mst_class_id', label: 'Kelas', match: 'eq', input: 'relation', resource: 'mst_class' },
    {
      key: 'school_id',
      label: 'Sekolah',
      ref: 'school_period_id.school_id',
      match: 'eq',
      input: 'relation',
      resource: 'school',
    },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['mst_class_id.name', 'school_period_id.name'],
  defaultSort: { column: 'mst_class_name', direction: 'asc' },
  uniques: [
    {
      columns: ['school_period_id', 'mst_class_id'],
      message: 'Kelas ini sudah ada pada periode tersebut (periksa juga data non-aktif).',
      field: 'mst_class_id',
    },
  ],
  relations: {
    school_period_id: { resource: 'school_period', display: 'name' },
    mst_class_id: { resource: 'mst_class', display: 'name' },
  },
  upsertKey: ['school_period_id', 'mst_class_id'],
  exportFileName: 'Data Kelas per Periode',
  schema: z.object({
    ...recordBase,
    school_period_id: z.number().int(),
    school_period_name: z.string().nullable(),
    school_name: z.string().nullable(),
    school_year_name: z.string().nullable(),
    mst_class_id: z.number().int(),
    mst_class_name: z.string().nullable(),
    quota: z.number().int(),
    used_quota: z.number().int(),
    is_active: z.boolean(),
  }),
  ...inputSchemas({
    school_period_id: f.ref('periode pendaftaran'),
    mst_class_id: f.ref('kelas'),
    quota: f.int('Kuota'),
    is_active: f.bool('Aktif').default(true),
  }),
});
