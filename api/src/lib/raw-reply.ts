import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** What Fastify sends as it is, without its serializer: file bytes, a stream, or JSON text already written. */
export type RawBody = Buffer | Readable | string;

/** For a body that is JSON text the database wrote. */
export const JSON_TEXT = 'application/json; charset=utf-8';

/**
 * Sends an answer the route's response schema does not type: a file (PDF, image, spreadsheet, an upload) or
 * JSON text relayed as is. The Zod type provider types `reply.send` by the schema, which a buffer, a stream
 * or a string is not; every route's reply is a FastifyReply, whose `send` takes any of them. The shapes stay
 * the schema's (asserted by the tests); no body means an empty answer (e.g. 304).
 */
export function sendRaw(reply: FastifyReply, headers: Record<string, string | number>, body?: RawBody) {
  return reply.headers(headers).send(body);
}
