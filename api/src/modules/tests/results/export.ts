import { type GraduationListQuery, RESULT_KIND_LABELS, STATUS_LABELS } from '@psb/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRowsExport } from '../../../lib/rows-export';
import { listGraduation } from './repository';

const MAX_ROWS = 20_000;

/** "Data Kelulusan": the filtered graduation list as a spreadsheet. */
export async function graduationExport(
  req: FastifyRequest,
  reply: FastifyReply,
  q: Omit<GraduationListQuery, 'page' | 'per_page'>,
) {
  const { data } = await req.db((c) => listGraduation(c, { ...q, page: 1, per_page: MAX_ROWS }));
  return sendRowsExport(reply, {
    fileName: 'Data Kelulusan',
    sheetName: 'Kelulusan',
    columns: [
      'No. Pendaftaran',
      'Nama',
      'Sekolah',
      'Periode',
      'Kelas',
      'Status Pendaftaran',
      'Status Penerimaan',
      'Hasil',
      'Diumumkan',
      'Urutan Cadangan',
      'Catatan',
    ],
    rows: data.map((r) => [
      r.registration_number,
      r.name,
      r.school_name,
      r.school_period_name,
      r.mst_class_name,
      STATUS_LABELS[r.status],
      r.accepted_status_name,
      r.result_kind ? RESULT_KIND_LABELS[r.result_kind] : null,
      r.result_published_at ? new Date(r.result_published_at) : 'Belum',
      r.reserve_rank,
      r.result_note,
    ]),
  });
}
