import crypto from 'node:crypto';
import {
  CONTENT_KEYS,
  contentResponseSchema,
  directorySchoolResponseSchema,
  npsnSchema,
} from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchoolDirectory } from '../../../integrations/school-directory';
import { binaryResponse } from '../../../lib/binary-response';
import { listVersion } from '../../../lib/list-version';
import { sendRaw } from '../../../lib/raw-reply';
import { errorResponses } from '../../../lib/route-options';
import { VersionedCache } from '../../../lib/versioned-cache';
import { parseGuide, renderGuidePdf } from './pdf';
import { configValue } from './repository';

export interface InfoOptions {
  directory: SchoolDirectory;
}

const NPSN_NOT_FOUND =
  'Sekolah dengan NPSN tersebut tidak ditemukan. Silakan isi nama dan kota sekolah secara manual.';

/**
 * Public information that first_page does not carry: page content by key, the interview guide as a PDF,
 * and the NPSN school lookup of the previous-school question.
 */
const infoRoutes: FastifyPluginAsyncZod<InfoOptions> = async (app, { directory }) => {
  // Answers per tenant and key, kept per `announcements` version (0280): results day reads them all at once.
  const kept = new VersionedCache<unknown>({ entries: 2000, size: 2000 });
  // The last answer of each page, served while the database cannot be reached.
  const snapshots = new Map<string, unknown>();
  const readContent = async (req: { db: FastifyRequest['db'] }, key: (typeof CONTENT_KEYS)[number]) => {
    const { version, tenantId } = await req.db(async (c) => ({
      version: await listVersion(c, 'announcements'),
      tenantId: c.tenantId,
    }));
    return kept.get(`${tenantId}:${key}`, version, async () => {
      const value = await req.db((c) => configValue(c, key));
      if (value === undefined) return null;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value; // plain text content
      }
    });
  };

  app.get(
    '/public/content/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Page content by key: registration_steps, interview_announcement, interview_guide',
        params: z.object({ key: z.enum(CONTENT_KEYS, { error: 'Konten tidak dikenal.' }) }),
        response: { 200: contentResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const snapshotKey = `${req.tenant.id}:${req.params.key}`;
      let data: unknown;
      try {
        data = await readContent(req, req.params.key);
        snapshots.set(snapshotKey, data);
      } catch (err) {
        // The database is unreachable: the page as last read beats an error on results day.
        if (!snapshots.has(snapshotKey)) throw err;
        req.log.warn({ err }, 'public content answered from its snapshot');
        data = snapshots.get(snapshotKey);
        reply.header('x-snapshot', '1');
      }
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, key: req.params.key, data };
    },
  );

  // Rendered PDFs per tenant, keyed by a digest of their content: re-rendered only after an edit.
  const pdfs = new Map<number, { digest: string; pdf: Buffer }>();
  app.get(
    '/public/panduan_wawancara',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'The interview guide as a PDF (from config interview_guide)',
        produces: ['application/pdf'],
        response: {
          200: binaryResponse('The interview guide', ['application/pdf']),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const value = (await req.db((c) => configValue(c, 'interview_guide'))) ?? '';
      const t = req.tenant;
      const digest = crypto
        .createHash('sha1')
        .update(`${t.name}|${t.themeColor}|${value}`)
        .digest('base64url');
      let hit = pdfs.get(t.id);
      if (hit?.digest !== digest) {
        const guide = parseGuide(value || undefined);
        if (!value) guide.intro = 'Panduan wawancara belum tersedia. Silakan hubungi panitia PSB.';
        hit = { digest, pdf: await renderGuidePdf(guide, t.name, t.themeColor) };
        pdfs.set(t.id, hit);
      }
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': 'inline; filename="Panduan-Wawancara.pdf"',
          'cache-control': 'public, max-age=300',
          etag: `"${digest}"`,
        },
        hit.pdf,
      );
    },
  );

  app.get(
    '/public/kemdikbud_school',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary:
          'Look up a school by NPSN (national school directory); data null when unknown or unavailable',
        querystring: z.object({ npsn: npsnSchema }),
        response: { 200: directorySchoolResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const school = await directory.lookup(req.query.npsn).catch((err) => {
        req.log.warn({ err }, 'school directory lookup failed');
        return null;
      });
      return school
        ? { success: true as const, data: school }
        : { success: true as const, message: NPSN_NOT_FOUND, data: null };
    },
  );
};

export default infoRoutes;
