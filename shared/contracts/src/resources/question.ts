import { z } from 'zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

export const QUESTION_TYPES = ['text', 'textarea', 'choice'] as const;
const typeOptions = [
  { value: 'text', label: 'Isian singkat' },
  { value: 'textarea', label: 'Isian panjang' },
  { value: 'choice', label: 'Pilihan' },
];

/** Daftar Pertanyaan: interview/observation questions, optionally per school. */
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
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan bila pertanyaan berlaku untuk semua sekolah.',
    },
    { name: 'sort_order', label: 'Urutan', input: 'number', defaultValue: 0 },
    { name: 'is_active', label: 'Aktif', input: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'sort_order', label: 'Urutan', format: 'number', sortable: true },
    { key: 'question', label: 'Pertanyaan', sortable: true },
    { key: 'answer_type', label: 'Jenis Jawaban', sortable: true },
    { key: 'options', label: 'Pilihan Jawaban', list: false },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
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
  relations: { school_id: { resource: 'school', display: 'name' } },
  exportFileName: 'Daftar Pertanyaan',
  schema: z.object({
    ...recordBase,
    question: z.string(),
    answer_type: z.enum(QUESTION_TYPES),
    options: z.string().nullable(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
    sort_order: z.number().int(),
    is_active: z.boolean(),
  }),
  ...inputSchemas({
    question: f.text('Pertanyaan', 1000),
    answer_type: f.choice('jenis jawaban', QUESTION_TYPES).default('text'),
    options: f.optionalText('Pilihan jawaban', 1000),
    school_id: f.optionalRef('sekolah'),
    sort_order: f.int('Urutan').default(0),
    is_active: f.bool('Aktif').default(true),
  }),
});
