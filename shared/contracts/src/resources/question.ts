import { CUSTOM_ANSWER_TYPES } from '../survey/custom';
import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

export const QUESTION_TYPES = CUSTOM_ANSWER_TYPES;
const typeOptions = [
  { value: 'text', label: 'Isian singkat' },
  { value: 'textarea', label: 'Isian panjang' },
  { value: 'number', label: 'Angka' },
  { value: 'date', label: 'Tanggal' },
  { value: 'choice', label: 'Pilihan (satu)' },
  { value: 'multi', label: 'Pilihan (beberapa)' },
];

/**
 * Daftar Pertanyaan: questions a school adds to the registrant form (one more tab, "Tambahan"), for every
 * school or one, every period or one. The server checks their answers like the fixed ones.
 */
export const questionResource = defineResource({
  ...RESOURCE_CATALOG.mst_question,
  plural: 'mst_questions',
  table: 'mst_questions',
  titleField: 'question',
  fields: [
    { name: 'question', label: 'Pertanyaan', input: 'textarea', required: true, maxLength: 1000 },
    { name: 'answer_type', label: 'Jenis Jawaban', input: 'select', required: true, options: typeOptions },
    {
      name: 'options',
      label: 'Pilihan Jawaban',
      input: 'textarea',
      maxLength: 1000,
      description: 'Untuk jenis Pilihan: satu pilihan per baris.',
    },
    {
      name: 'help_text',
      label: 'Keterangan',
      input: 'text',
      maxLength: 300,
      description: 'Petunjuk singkat yang tampil di bawah pertanyaan.',
    },
    { name: 'is_required', label: 'Wajib Diisi', input: 'boolean', defaultValue: false },
    {
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan bila pertanyaan berlaku untuk semua sekolah.',
    },
    {
      name: 'school_period_id',
      label: 'Periode Pendaftaran',
      input: 'relation',
      resource: 'school_period',
      description: 'Kosongkan bila pertanyaan berlaku untuk semua periode.',
    },
    { name: 'sort_order', label: 'Urutan', input: 'number', defaultValue: 0 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'sort_order', label: 'Urutan', format: 'number', sortable: true },
    { key: 'question', label: 'Pertanyaan', sortable: true },
    { key: 'answer_type', label: 'Jenis Jawaban', sortable: true },
    { key: 'options', label: 'Pilihan Jawaban', list: false },
    { key: 'help_text', label: 'Keterangan', list: false },
    { key: 'is_required', label: 'Wajib', format: 'boolean', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
    { key: 'school_period_name', label: 'Periode', ref: 'school_period_id.name', sortable: true },
    { key: 'is_active', label: 'Aktif', format: 'boolean', sortable: true },
  ],
  filters: [
    { key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' },
    { key: 'answer_type', label: 'Jenis Jawaban', match: 'eq', input: 'select', options: typeOptions },
    { key: 'is_active', label: 'Aktif', match: 'bool', input: 'boolean' },
  ],
  search: ['question'],
  defaultSort: { column: 'sort_order', direction: 'asc' },
  uniques: [{ columns: ['question'], message: 'Pertanyaan ini sudah ada (periksa juga data non-aktif).' }],
  relations: {
    school_id: { resource: 'school', display: 'name' },
    school_period_id: { resource: 'school_period', display: 'name' },
  },
  exportFileName: 'Daftar Pertanyaan',
  schema: z.object({
    ...recordBase,
    question: z.string(),
    answer_type: z.enum(QUESTION_TYPES),
    options: z.string().nullable(),
    school_id: z.number().int().nullable(),
    help_text: z.string().nullable(),
    is_required: z.boolean(),
    school_name: z.string().nullable(),
    school_period_id: z.number().int().nullable(),
    school_period_name: z.string().nullable(),
    sort_order: z.number().int(),
    is_active: z.boolean(),
  }),
  ...inputSchemas({
    question: f.text('Pertanyaan', 1000),
    answer_type: f.choice('jenis jawaban', QUESTION_TYPES).default('text'),
    options: f.optionalText('Pilihan jawaban', 1000),
    help_text: f.optionalText('Keterangan', 300),
    is_required: f.bool('Wajib diisi').default(false),
    school_id: f.optionalRef('sekolah'),
    school_period_id: f.optionalRef('periode pendaftaran'),
    sort_order: f.int('Urutan').default(0),
    is_active: f.bool('Aktif').default(true),
  }),
});
