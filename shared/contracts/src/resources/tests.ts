import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { dateOrder, f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

const DUPLICATE = '(periksa juga data non-aktif).';

/** Wall-clock time in WIB, `HH:MM` (`HH:MM:SS` is accepted and cut to minutes). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const TIME_MSG = (label: string) => `${label} harus berupa jam (JJ:MM), misalnya 08:00.`;
const time = (label: string) =>
  z
    .string({ error: TIME_MSG(label) })
    .trim()
    .regex(TIME, TIME_MSG(label))
    .transform((v) => v.slice(0, 5));
const TIME_ORDER = 'Jam selesai harus setelah jam mulai.';
const timeOrder = (v: { start_time?: string; end_time?: string }, ctx: z.RefinementCtx) => {
  const { start_time: start, end_time: end } = v;
  // Only two valid times are compared (a malformed one already has its own message).
  if (start && end && TIME.test(start) && TIME.test(end) && end.slice(0, 5) <= start.slice(0, 5))
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: TIME_ORDER });
};
const upTo = (label: string, min: number, max: number) =>
  f.int(label, min).max(max, `${label} maksimal ${max}.`);

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

/** Tipe Tes: a kind of test (tes tertulis, observasi, wawancara) with what parents bring to it. */
export const testResource = defineResource({
  ...RESOURCE_CATALOG.mst_test,
  plural: 'mst_tests',
  table: 'mst_tests',
  titleField: 'name',
  fields: [
    {
      name: 'name',
      label: 'Nama Tipe Tes',
      input: 'text',
      required: true,
      maxLength: 150,
      placeholder: 'Tes Tertulis',
    },
    { name: 'code', label: 'Kode', input: 'text', maxLength: 20 },
    {
      name: 'bring_items',
      label: 'Yang Perlu Dibawa',
      input: 'textarea',
      maxLength: 500,
      description: 'Ditampilkan kepada orang tua bersama jadwal tes.',
    },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
  ],
  columns: [
    { key: 'name', label: 'Nama Tipe Tes', sortable: true },
    { key: 'code', label: 'Kode', sortable: true },
    { key: 'bring_items', label: 'Yang Perlu Dibawa' },
    { key: 'description', label: 'Keterangan' },
  ],
  filters: [{ key: 'code', label: 'Kode', match: 'eq', input: 'text' }],
  search: ['name', 'code'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: `Nama tipe tes sudah digunakan ${DUPLICATE}` }],
  relations: {},
  exportFileName: 'Data Tipe Tes',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    code: z.string().nullable(),
    bring_items: z.string().nullable(),
    description: z.string().nullable(),
  }),
  ...inputSchemas({
    name: f.text('Nama tipe tes'),
    code: f.optionalText('Kode', 20),
    bring_items: f.optionalText('Yang perlu dibawa'),
    description: f.optionalText('Keterangan'),
  }),
});

/** Ruangan: a test room of a school (or of every school) with its capacity. */
export const roomResource = defineResource({
  ...RESOURCE_CATALOG.mst_room,
  plural: 'mst_rooms',
  table: 'mst_rooms',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama Ruangan', input: 'text', required: true, maxLength: 150 },
    {
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan bila ruangan dipakai bersama oleh semua sekolah.',
    },
    { name: 'location', label: 'Lokasi / Gedung', input: 'text', maxLength: 300 },
    { name: 'capacity', label: 'Kapasitas', input: 'number', required: true, defaultValue: 30 },
  ],
  columns: [
    { key: 'name', label: 'Nama Ruangan', sortable: true },
    {
      key: 'school_name',
      label: 'Sekolah',
      ref: 'school_id.name',
      sortable: true,
      emptyLabel: 'Semua sekolah',
    },
    { key: 'location', label: 'Lokasi / Gedung' },
    { key: 'capacity', label: 'Kapasitas', format: 'number', sortable: true },
  ],
  filters: [{ key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' }],
  search: ['name', 'location'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [
    {
      columns: ['school_id', 'name'],
      message: `Nama ruangan sudah digunakan di sekolah ini ${DUPLICATE}`,
      field: 'name',
    },
  ],
  relations: { school_id: { resource: 'school', display: 'name' } },
  exportFileName: 'Data Ruangan Tes',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
    location: z.string().nullable(),
    capacity: z.number().int(),
  }),
  ...inputSchemas({
    name: f.text('Nama ruangan'),
    school_id: f.optionalRef('sekolah'),
    location: f.optionalText('Lokasi / gedung', 300),
    capacity: upTo('Kapasitas', 1, 100000),
  }),
});

/**
 * Data Tes: one session — a test type on one day, from start to end (WIB), in one room, for one registration
 * period, with a quota. Seats are taken by the assignment (used_quota), never by this form.
 */
export const testDetailResource = defineResource({
  ...RESOURCE_CATALOG.mst_test_detail,
  plural: 'mst_test_details',
  table: 'mst_test_details',
  titleField: 'name',
  fields: [
    {
      name: 'name',
      label: 'Nama Sesi',
      input: 'text',
      required: true,
      maxLength: 150,
      placeholder: 'Sesi 1',
    },
    { name: 'mst_test_id', label: 'Tipe Tes', input: 'relation', resource: 'mst_test', required: true },
    {
      name: 'school_period_id',
      label: 'Periode Pendaftaran',
      input: 'relation',
      resource: 'school_period',
      required: true,
    },
    { name: 'mst_room_id', label: 'Ruangan', input: 'relation', resource: 'mst_room', required: true },
    { name: 'test_date', label: 'Tanggal Tes', input: 'date', required: true },
    {
      name: 'start_time',
      label: 'Jam Mulai (WIB)',
      input: 'text',
      required: true,
      maxLength: 8,
      placeholder: '08:00',
    },
    {
      name: 'end_time',
      label: 'Jam Selesai (WIB)',
      input: 'text',
      required: true,
      maxLength: 8,
      placeholder: '10:00',
    },
    {
      name: 'quota',
      label: 'Kuota',
      input: 'number',
      required: true,
      defaultValue: 30,
      description: 'Tidak boleh melebihi kapasitas ruangan.',
    },
    { name: 'notes', label: 'Catatan untuk Peserta', input: 'textarea', maxLength: 500 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'name', label: 'Nama Sesi', sortable: true },
    { key: 'mst_test_name', label: 'Tipe Tes', ref: 'mst_test_id.name', sortable: true },
    ...periodColumns,
    { key: 'test_date', label: 'Tanggal Tes', format: 'date', sortable: true },
    { key: 'start_time', label: 'Jam Mulai (WIB)', sortable: true },
    { key: 'end_time', label: 'Jam Selesai (WIB)' },
    { key: 'mst_room_name', label: 'Ruangan', ref: 'mst_room_id.name', sortable: true },
    { key: 'quota', label: 'Kuota', format: 'number', sortable: true },
    { key: 'used_quota', label: 'Terisi', format: 'number', sortable: true },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    ...periodFilters,
    { key: 'mst_test_id', label: 'Tipe Tes', match: 'eq', input: 'relation', resource: 'mst_test' },
    { key: 'mst_room_id', label: 'Ruangan', match: 'eq', input: 'relation', resource: 'mst_room' },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['name', 'mst_test_id.name', 'mst_room_id.name'],
  defaultSort: { column: 'test_date', direction: 'asc' },
  uniques: [
    {
      columns: ['school_period_id', 'mst_test_id', 'name'],
      message: `Nama sesi sudah digunakan untuk tipe tes ini pada periode tersebut ${DUPLICATE}`,
      field: 'name',
    },
  ],
  relations: {
    mst_test_id: { resource: 'mst_test', display: 'name' },
    school_period_id: { resource: 'school_period', display: 'name' },
    mst_room_id: { resource: 'mst_room', display: 'name' },
  },
  exportFileName: 'Data Tes',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    mst_test_id: z.number().int(),
    mst_test_name: z.string().nullable(),
    school_period_id: z.number().int(),
    school_period_name: z.string().nullable(),
    school_name: z.string().nullable(),
    mst_room_id: z.number().int(),
    mst_room_name: z.string().nullable(),
    test_date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    quota: z.number().int(),
    used_quota: z.number().int(),
    notes: z.string().nullable(),
    is_active: z.boolean(),
  }),
  ...inputSchemas(
    {
      name: f.text('Nama sesi'),
      mst_test_id: f.ref('tipe tes'),
      school_period_id: f.ref('periode pendaftaran'),
      mst_room_id: f.ref('ruangan'),
      test_date: f.date('Tanggal tes'),
      start_time: time('Jam mulai'),
      end_time: time('Jam selesai'),
      quota: upTo('Kuota', 1, 100000),
      notes: f.optionalText('Catatan untuk peserta'),
      is_active: f.bool('Aktif').default(true),
    },
    timeOrder,
  ),
});

/**
 * Jadwal Tes per Periode: the test types a registration period uses and the window they run in; the
 * automatic assignment gives each registrant of the period a seat for every active schedule.
 */
export const scheduleTestResource = defineResource({
  ...RESOURCE_CATALOG.schedule_test,
  plural: 'schedule_tests',
  table: 'schedule_tests',
  titleField: 'mst_test_name',
  fields: [
    {
      name: 'school_period_id',
      label: 'Periode Pendaftaran',
      input: 'relation',
      resource: 'school_period',
      required: true,
    },
    { name: 'mst_test_id', label: 'Tipe Tes', input: 'relation', resource: 'mst_test', required: true },
    { name: 'start_date', label: 'Tanggal Mulai', input: 'date', required: true },
    { name: 'end_date', label: 'Tanggal Selesai', input: 'date', required: true },
    { name: 'description', label: 'Keterangan', input: 'textarea', maxLength: 500 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    ...periodColumns,
    { key: 'mst_test_name', label: 'Tipe Tes', ref: 'mst_test_id.name', sortable: true },
    { key: 'start_date', label: 'Tanggal Mulai', format: 'date', sortable: true },
    { key: 'end_date', label: 'Tanggal Selesai', format: 'date', sortable: true },
    { key: 'description', label: 'Keterangan' },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    ...periodFilters,
    { key: 'mst_test_id', label: 'Tipe Tes', match: 'eq', input: 'relation', resource: 'mst_test' },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['mst_test_id.name', 'school_period_id.name'],
  defaultSort: { column: 'start_date', direction: 'asc' },
  uniques: [
    {
      columns: ['school_period_id', 'mst_test_id'],
      message: `Tipe tes ini sudah dijadwalkan pada periode tersebut ${DUPLICATE}`,
      field: 'mst_test_id',
    },
  ],
  relations: {
    school_period_id: { resource: 'school_period', display: 'name' },
    mst_test_id: { resource: 'mst_test', display: 'name' },
  },
  exportFileName: 'Data Jadwal Tes per Periode',
  schema: z.object({
    ...recordBase,
    school_period_id: z.number().int(),
    school_period_name: z.string().nullable(),
    school_name: z.string().nullable(),
    mst_test_id: z.number().int(),
    mst_test_name: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string(),
    description: z.string().nullable(),
    is_active: z.boolean(),
  }),
  ...inputSchemas(
    {
      school_period_id: f.ref('periode pendaftaran'),
      mst_test_id: f.ref('tipe tes'),
      start_date: f.date('Tanggal mulai'),
      end_date: f.date('Tanggal selesai'),
      description: f.optionalText('Keterangan'),
      is_active: f.bool('Aktif').default(true),
    },
    dateOrder,
  ),
});
