import { errorResponseSchema, sessionQuerySchema, strictId } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { binaryResponse } from '../../../lib/binary-response';
import { notFound } from '../../../lib/http-error';
import { sendRowsExport } from '../../../lib/rows-export';
import { scoreSheet } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['test-scoring'];
const security = [{ bearerAuth: [] }];
const response = { 200: binaryResponse('The spreadsheet', [XLSX]), '4xx': errorResponseSchema };
const periodQuery = z.strictObject({ school_period_id: strictId('Pilih periode pendaftaran.') });

/**
 * The test spreadsheets: the seats of a session (attendance list), every registrant of a period with the
 * sessions they sit, and the scores of a session. A session holds at most a few hundred seats and a period a
 * few thousand registrants, so each is built in memory.
 */
const testExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant_tests/export',
    {
      config: { access: { module: 'Penilaian Tes', action: 'read' } },
      schema: {
        tags,
        summary: 'The seats of a session (xlsx)',
        security,
        querystring: sessionQuerySchema,
        response,
      },
    },
    async (req, reply) => {
      const sheet = await req.db((c) => scoreSheet(c, req.query.mst_test_detail_id));
      return sendRowsExport(reply, {
        fileName: `Peserta ${sheet.session.name}`,
        sheetName: 'Peserta',
        columns: ['No', 'No. Pendaftaran', 'Nama', 'Sesi', 'Tes', 'Ruang', 'Tanggal', 'Jam (WIB)', 'Hadir'],
        rows: sheet.rows.map((r, i) => [
          i + 1,
          r.registration_number,
          r.name ?? '',
          sheet.session.name,
          sheet.session.test_name,
          sheet.session.room_name,
          sheet.session.test_date,
          `${sheet.session.start_time}–${sheet.session.end_time}`,
          '',
        ]),
      });
    },
  );

  app.get(
    '/registrants/export/test_score/admin',
    {
      config: { access: { module: 'Penilaian Tes', action: 'read' } },
      schema: {
        tags,
        summary: 'The scores of a session (xlsx)',
        security,
        querystring: sessionQuerySchema,
        response,
      },
    },
    async (req, reply) => {
      const sheet = await req.db((c) => scoreSheet(c, req.query.mst_test_detail_id));
      return sendRowsExport(reply, {
        fileName: `Nilai ${sheet.session.name}`,
        sheetName: 'Nilai',
        columns: ['No. Pendaftaran', 'Nama', ...sheet.subjects.map((s) => s.name)],
        rows: sheet.rows.map((r) => [
          r.registration_number,
          r.name ?? '',
          ...sheet.subjects.map((s) => r.scores[String(s.mst_subject_id)] ?? ''),
        ]),
      });
    },
  );

  app.get(
    '/registrants/export/test/admin',
    {
      config: { access: { module: 'Jadwal Tes/Observasi', action: 'read' } },
      schema: {
        tags,
        summary: 'Every registrant of a period with the sessions they sit (xlsx)',
        security,
        querystring: periodQuery,
        response,
      },
    },
    async (req, reply) => {
      const rows = await req.db(async (c) => {
        const period = await c.db
          .selectFrom('school_periods')
          .select('name')
          .where('tenant_id', '=', c.tenantId)
          .where('id', '=', req.query.school_period_id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!period) throw notFound();
        return c.db
          .selectFrom('registrants as g')
          .leftJoin('registrant_tests as rt', (j) =>
            j
              .onRef('rt.tenant_id', '=', 'g.tenant_id')
              .onRef('rt.registrant_id', '=', 'g.id')
              .on('rt.deleted_at', 'is', null),
          )
          .leftJoin('mst_test_details as d', (j) =>
            j.onRef('d.tenant_id', '=', 'rt.tenant_id').onRef('d.id', '=', 'rt.mst_test_detail_id'),
          )
          .leftJoin('mst_tests as t', (j) =>
            j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.mst_test_id'),
          )
          .leftJoin('mst_rooms as m', (j) =>
            j.onRef('m.tenant_id', '=', 'd.tenant_id').onRef('m.id', '=', 'd.mst_room_id'),
          )
          .select([
            'g.registration_number',
            'g.name',
            't.name as test_name',
            'd.name as session_name',
            'm.name as room_name',
            sql<string | null>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
            'd.start_time',
            'd.end_time',
            sql<number | null>`rt.score::float8`.as('score'),
          ])
          .where('g.tenant_id', '=', c.tenantId)
          .where('g.school_period_id', '=', req.query.school_period_id)
          .where('g.deleted_at', 'is', null)
          .orderBy('g.registration_number')
          .orderBy('d.test_date')
          .execute();
      });
      return sendRowsExport(reply, {
        fileName: 'Jadwal Tes Calon Murid',
        sheetName: 'Jadwal Tes',
        columns: ['No. Pendaftaran', 'Nama', 'Tes', 'Sesi', 'Ruang', 'Tanggal', 'Jam (WIB)', 'Nilai'],
        rows: rows.map((r) => [
          r.registration_number,
          r.name ?? '',
          r.test_name ?? 'Belum dijadwalkan',
          r.session_name ?? '',
          r.room_name ?? '',
          r.test_date ?? '',
          r.start_time ? `${r.start_time}–${r.end_time}` : '',
          r.score ?? '',
        ]),
      });
    },
  );
};

export default testExportRoutes;
