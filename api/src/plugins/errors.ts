import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HashPoolFull } from '../lib/hash-pool';
import { HttpError, MESSAGES } from '../lib/http-error';
import { refuseForCapacity } from './waiting-room';

export interface ErrorsOptions {
  /** Answers GET requests outside /api that match no route (the SPA's index.html); null when not served. */
  spaFallback?: (req: FastifyRequest, reply: FastifyReply) => unknown;
}

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
};

/** Field → first Indonesian message; unknown fields (strict objects) are named too. */
function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of (issue.params?.keys as string[] | undefined) ?? [])
        out[key] ??= MESSAGES.unknownField;
      continue;
    }
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    out[field] ??= issue.message ?? MESSAGES.invalidData;
  }
  return out;
}

/** Messages for framework errors (body parsing, routing), by status. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: MESSAGES.invalidFormat,
  404: MESSAGES.notFound,
  405: MESSAGES.notFound,
  413: MESSAGES.tooLarge,
  415: MESSAGES.unsupportedMedia,
  429: MESSAGES.tooMany,
};

const BROKEN_UPLOAD = 'Unggahan terputus atau rusak. Silakan unggah ulang.';

/**
 * A multipart body the parser could not read to its end (no closing boundary, a broken part header): busboy
 * reports it as a plain Error without a status while the handler reads the file.
 */
const isBrokenMultipart = (req: FastifyRequest, err: FastifyError) =>
  err.statusCode === undefined &&
  /^multipart\/form-data/i.test(req.headers['content-type'] ?? '') &&
  /busboy|dicer/i.test(err.stack ?? '');

/** The password hash pool is full: come back shortly (the client retries by itself). */
const busy = () => new HttpError(503, MESSAGES.busy, undefined, { 'retry-after': '1' });

/**
 * Every failure leaves as `{ success: false, message, errors? }` with the right status. Unexpected errors are
 * logged with their stack and answered with a generic 500 — never a stack trace or an internal message.
 */
export default fp(
  async function errors(app: FastifyInstance, opts: ErrorsOptions) {
    app.setErrorHandler(async (error: FastifyError, req, reply) => {
      // A caller taken on the word of its last sign-in check hears that check's refusal before anything else.
      const refusal = req.pendingCheck
        ? await req.settlePendingCheck().then(
            () => null,
            (e: unknown) => e,
          )
        : null;
      const raw = refusal ?? error;
      if (raw instanceof HashPoolFull && req.routeOptions.config?.admission && req.server.waitingRoom)
        return refuseForCapacity(req, reply);
      const err = (raw instanceof HashPoolFull ? busy() : raw) as FastifyError;
      if (err instanceof HttpError) {
        if (err.headers) reply.headers(err.headers);
        return reply.status(err.statusCode).send({
          success: false,
          message: err.message,
          ...(err.fields ? { errors: err.fields } : {}),
          ...(err.code ? { code: err.code } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(err) || Array.isArray(err.validation)) {
        return reply
          .status(400)
          .send({ success: false, message: MESSAGES.invalidData, errors: fieldErrors(err.validation ?? []) });
      }
      if (isBrokenMultipart(req, err)) {
        return reply
          .status(400)
          .send({ success: false, message: BROKEN_UPLOAD, errors: { file: BROKEN_UPLOAD } });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        req.log.info({ code: err.code, status }, err.message);
        return reply
          .status(status)
          .send({ success: false, message: FRAMEWORK_MESSAGES[status] ?? MESSAGES.invalidData });
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ success: false, message: MESSAGES.server });
    });

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (!isApi && opts.spaFallback && (req.method === 'GET' || req.method === 'HEAD')) {
        return opts.spaFallback(req, reply);
      }
      return reply.status(404).send({ success: false, message: MESSAGES.notFound });
    });
  },
  { name: 'errors' },
);
