import {
  APPLICANTS_EXPORT_FILE,
  QUESTIONS,
  REGISTRANT_STATUSES,
  type RegistrantAdminQuery,
  STATUS_LABELS,
} from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
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

/**
 * The applicants export: the list's filters, one row per registrant, the fixed columns then every form
 * answer (lists and tables as their JSON text). Compiled here, run by the spooled export of the engine.
 */
export function applicantsExport(db: Db, tenantId: number, q: RegistrantAdminQuery) {
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
      ...QUESTIONS.map((question) =>
        sql<string>`r.question_answer ->> ${String(question.no)}`.as(`q${question.no}`),
      ),
    ])
    .orderBy('r.registration_number')
    .compile();
  return {
    sheetName: APPLICANTS_EXPORT_FILE,
    labels: [...FIXED_LABELS, ...QUESTIONS.map((question) => `${question.no}. ${question.label}`)],
    sql: query.sql,
    values: [...query.parameters],
    fileName: APPLICANTS_EXPORT_FILE,
  };
}
