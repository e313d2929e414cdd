import {
  kabupatenQuerySchema,
  kabupatenResponseSchema,
  kecamatanQuerySchema,
  kecamatanResponseSchema,
  kelurahanQuerySchema,
  kelurahanResponseSchema,
  kodePosQuerySchema,
  kodePosResponseSchema,
  provinsiResponseSchema,
} from '@psb/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JSON_TEXT, sendRaw } from '../../../lib/raw-reply';
import { errorResponses } from '../../../lib/route-options';
import {
  listKabupaten,
  listKecamatan,
  listKelurahan,
  listKodePos,
  listProvinsi,
  normalizeName,
  type RegionIndex,
  regionIndex,
} from './data';

const tags = ['regions'];
const CACHE_CONTROL = 'public, max-age=86400';
const MAX_CACHED = 20_000;

/**
 * GET /public/provinsi|kabupaten|kecamatan|kelurahan|kode_pos. Static reference data: answered
 * from the in-memory index, each distinct answer serialised once and kept as text; browsers and proxies may
 * keep it a day. One kecamatan's kelurahan at a time, never the whole country.
 */
const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const bodies = new Map<string, string>();
  const answer = (reply: FastifyReply, key: string, build: (ix: RegionIndex) => unknown[]) => {
    let body = bodies.get(key);
    if (body === undefined) {
      body = JSON.stringify({ success: true, data: build(regionIndex()) });
      if (bodies.size >= MAX_CACHED) bodies.clear();
      bodies.set(key, body);
    }
    // The body is finished JSON text: relayed as is (the shapes are the contract's, asserted by the tests).
    return sendRaw(reply, { 'cache-control': CACHE_CONTROL, 'content-type': JSON_TEXT }, body);
  };
  const keyOf = (level: string, names: string[]) => `${level}|${names.map(normalizeName).join('|')}`;

  // Build the index in the background once the server is up, so the first parent does not wait for it.
  app.addHook('onReady', async () => {
    setImmediate(() => {
      try {
        regionIndex();
      } catch (err) {
        app.log.error({ err }, 'building the region index failed');
      }
    });
  });

  app.get(
    '/public/provinsi',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Provinces (field nama)',
        response: { 200: provinsiResponseSchema, ...errorResponses },
      },
    },
    async (_req, reply) => answer(reply, 'provinsi', listProvinsi),
  );

  app.get(
    '/public/kabupaten',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Kabupaten/kota of a province (field kota_kab)',
        querystring: kabupatenQuerySchema,
        response: { 200: kabupatenResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { provinsi_name: p } = req.query;
      return answer(reply, keyOf('kab', [p]), (ix) => listKabupaten(ix, p));
    },
  );

  app.get(
    '/public/kecamatan',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Kecamatan of a kabupaten/kota (field kecamatan)',
        querystring: kecamatanQuerySchema,
        response: { 200: kecamatanResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { provinsi_name: p, kabupaten_name: k } = req.query;
      return answer(reply, keyOf('kec', [p, k]), (ix) => listKecamatan(ix, p, k));
    },
  );

  app.get(
    '/public/kelurahan',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Kelurahan/desa of a kecamatan (field kelurahan)',
        querystring: kelurahanQuerySchema,
        response: { 200: kelurahanResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { provinsi_name: p, kabupaten_name: k, kecamatan_name: c } = req.query;
      return answer(reply, keyOf('kel', [p, k, c]), (ix) => listKelurahan(ix, p, k, c));
    },
  );

  app.get(
    '/public/kode_pos',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Postal code(s) of a kelurahan/desa (field kodepos; a name may have more than one)',
        querystring: kodePosQuerySchema,
        response: { 200: kodePosResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { provinsi_name: p, kabupaten_name: k, kecamatan_name: c, kelurahan_name: v } = req.query;
      return answer(reply, keyOf('pos', [p, k, c, v]), (ix) => listKodePos(ix, p, k, c, v));
    },
  );
};

export default regionRoutes;
