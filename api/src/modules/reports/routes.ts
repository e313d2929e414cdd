import {
  errorResponseSchema,
  REPORT_NAMES,
  REPORTS,
  reportExportQuerySchema,
  reportQuerySchema,
  reportResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamQueryExport } from '../../engine';
import { binaryResponse } from '../../lib/binary-response';
import { HttpError } from '../../lib/http-error';
import type { ReportFilters } from './bill-scope';
import { exportLinesQuery, exportSheetRowsQuery, REPORT_PLANNER, readReport } from './repository';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const read = { access: { module: 'Laporan', action: 'read' } } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Laporan (module Laporan, read): for every declared report `GET /report/{name}` (first rows, totals over all)
 * and `GET /report/{name}/export` (every row, streamed to a file with the report's fixed name). Row-level
 * security keeps a school-limited role to its schools in both.
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of REPORT_NAMES) {
    const decl = REPORTS[name];
    const querySchema = reportQuerySchema(decl);
    app.get(
      `/report/${name}`,
      {
        config: read,
        schema: {
          tags,
          summary: `${decl.title}: ${decl.description}`,
          security,
          querystring: querySchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (req) => {
        const data = await req.read((c) => readReport(c, name, req.query as ReportFilters));
        return { success: true as const, data };
      },
    );

    app.get(
      `/report/${name}/export`,
      {
        config: read,
        schema: {
          tags,
          summary: `${decl.title} as a file named "${decl.fileName}" (${decl.formats.join(' or ')})`,
          security,
          querystring: z.strictObject({
            ...querySchema.shape,
            ...reportExportQuerySchema.shape,
          }),
          response: {
            200: binaryResponse(
              decl.title,
              decl.formats.map((f) => (f === 'xlsx' ? XLSX : 'text/plain')),
            ),
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const { format, ...filters } = req.query as ReportFilters & { format: 'xlsx' | 'txt' };
        if (!(decl.formats as readonly string[]).includes(format))
          throw new HttpError(400, `Laporan ini hanya dapat diunduh sebagai ${decl.formats.join(' atau ')}.`);
        // The lines (txt) and sheet rows (xlsx) come written by PostgreSQL: flat memory for a season.
        const q = await req.db(async (c) =>
          (format === 'txt' ? exportLinesQuery : exportSheetRowsQuery)(c.db, name, filters, c.tenantId),
        );
        return streamQueryExport(req, reply, {
          sheetName: decl.title,
          labels: decl.columns.map((c) => c.label),
          sql: q.sql,
          values: [...q.parameters],
          fileName: decl.fileName,
          format,
          planner: REPORT_PLANNER,
          lines: true,
          replica: true,
        });
      },
    );
  }
};

export default reportRoutes;
