import {
  APPLICANTS_EXPORT_FILE,
  CUSTOM_QUESTION_BASE,
  QUESTIONS,
  REGISTRANT_STATUSES,
  type RegistrantAdminQuery,
  SENSITIVE_QUESTION_NOS,
  STATUS_LABELS,
} from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { namedRegistrants } from './list-query';

const yesNo = (col: string) => sql<string>`CASE WHEN ${sql.ref(col)} THEN 'Ya' ELSE 'Tidak' END`;
const wib = (col: string) =>
  sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`;
const statusLabel = sql<string>`CASE r.status ${sql.join(
  REGISTRANT_STATUSES.map((s) => sql`WHEN ${s} THEN ${STATUS_LABELS[s]}`),
  sql` `,
)} END`;

const FIXED_LABELS = [
  'No. Pendaftaran',
  'Nama',
  'Sekolah',
  'Periode',
  'Kelas',
  'Tahun Ajaran',
  'Status',
  'Internal',
  'Orang Tua',
  'Email Orang Tua',
  'No. HP Orang Tua',
  'Didaftarkan',
  'Dikirim',
];
const CUSTOM_LABEL = 'Pertanyaan Tambahan';

/** The answers to the school's own questions of the registrant's period: "question: answer; …" in form order. */
const customAnswers = sql<string>`(
  SELECT string_agg((x.q ->> 'question') || ': ' || COALESCE(
           r.question_answer ->> (${CUSTOM_QUESTION_BASE} + (x.q ->> 'id')::int)::text, '-'), '; ' ORDER BY x.n)
  FROM jsonb_array_elements(custom_questions_of(r.tenant_id, r.school_id, r.school_period_id))
       WITH ORDINALITY AS x (q, n))`;

/**
 * The applicants export: the list's filters, one row per registrant, the fixed columns then every form
 * answer (lists and tables as their JSON text). Compiled here, run by the spooled export of the engine.
 */
export function applicantsExport(
  db: Db,
  tenantId: number,
  q: RegistrantAdminQuery,
  { sensitive }: { sensitive: boolean },
) {
  // Without the Data Sensitif module the sensitive answers are not columns of the file at all.
  const questions = sensitive ? QUESTIONS : QUESTIONS.filter((question) => !question.sensitive);
  const query = namedRegistrants(db, tenantId, q)
    .select([
      'r.registration_number',
      'r.name',
      's.name as school',
      'p.name as period',
      'k.name as class',
      'y.name as year',
      statusLabel.as('status'),
      yesNo('r.is_internal').as('internal'),
      'u.name as parent',
      'u.email',
      'u.phone_number',
      wib('r.created_at').as('created'),
      wib('r.submitted_at').as('submitted'),
      ...questions.map((question) =>
        sql<string>`r.question_answer ->> ${String(question.no)}`.as(`q${question.no}`),
      ),
      customAnswers.as('custom'),
    ])
    .orderBy('r.registration_number')
    .compile();
  return {
    sheetName: APPLICANTS_EXPORT_FILE,
    labels: [
      ...FIXED_LABELS,
      ...questions.map((question) => `${question.no}. ${question.label}`),
      CUSTOM_LABEL,
    ],
    sql: query.sql,
    values: [...query.parameters],
    fileName: APPLICANTS_EXPORT_FILE,
  };
}

/** The registrants an export of these filters holds, with the sensitive questions each has answered. */
export function exportedSensitive(db: Db, tenantId: number, q: RegistrantAdminQuery) {
  return namedRegistrants(db, tenantId, q)
    .select([
      'r.id',
      sql<number[]>`ARRAY(SELECT k::int FROM jsonb_object_keys(r.question_answer) k
        WHERE k::int = ANY(${sql.val(SENSITIVE_QUESTION_NOS)}::int[]) AND r.question_answer ->> k <> '' ORDER BY 1)`.as(
        'nos',
      ),
    ])
    .execute();
}
