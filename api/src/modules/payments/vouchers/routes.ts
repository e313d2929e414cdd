import {
  availableVouchersResponseSchema,
  createVouchersResponseSchema,
  createVouchersSchema,
  recordResponseSchema,
  tokenLoginResponseSchema,
  tokenLoginSchema,
  tokenRegisterSchema,
  VOUCHER_MSG,
  voucherResource,
  waitingRoomResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../../engine';
import { forbidden } from '../../../lib/http-error';
import { idParams } from '../../../lib/ids';
import { staffMay } from '../../../lib/staff-may';
import { contextOf } from '../../../service-context';
import { errors, insert, read, security, tags, update } from './route-options';
import {
  availableVouchers,
  compiledVoucher,
  createVouchers,
  loginWithVoucher,
  registerWithVoucher,
  resetVoucher,
  voucherHooks,
} from './service';
import { registerVoucherSlips } from './slips';

/**
 * Vouchers. The engine serves GET /mst_tokens (filters school_year_id, school_id, method,
 * status used|unused, search, sort, pages), GET /mst_tokens/export (Voucher.xlsx), GET/PUT/DELETE
 * /mst_token/{id}, POST /mst_token (one voucher) and POST /mst_token/restore/{id}; the rest is here.
 */
const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = { compiled: compiledVoucher, hooks: voucherHooks };
  registerResource(app, engine);
  registerVoucherSlips(app);

  app.post(
    '/mst_token/create',
    {
      config: insert,
      schema: {
        tags,
        summary: 'Generate vouchers (count 1–1000) for a school year (and optionally one school)',
        security,
        body: createVouchersSchema,
        response: { 201: createVouchersResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const data = await createVouchers(contextOf(req), req.body);
      return reply
        .status(201)
        .send({ success: true, message: VOUCHER_MSG.created(data.length), data: data as never });
    },
  );

  app.get(
    '/mst_tokens/available/:x',
    {
      // Staff with Token read see every voucher; a parent (user audience) sees their own.
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Unused vouchers of a school year (x = school_year_id): count and up to 1000 of them (staff: all; parent: their own)',
        security,
        params: idParams('x'),
        response: { 200: availableVouchersResponseSchema, ...errors },
      },
    },
    async (req) => {
      const auth = req.auth!;
      let owner: number | null = null;
      if (auth.audience === 'admin') {
        if (!staffMay(auth, read.access.module, read.access.action)) throw forbidden();
      } else owner = auth.user.id;
      const r = await req.db((c) => availableVouchers(c, req.params.x, owner));
      return { success: true as const, count: r.count, data: r.data as never };
    },
  );

  app.post(
    '/mst_token/reset/:token',
    {
      config: update,
      schema: {
        tags,
        summary: 'Make a used voucher available again (409 while its registrant is still live)',
        security,
        params: z.object({ token: z.string().min(1).max(32) }),
        response: { 200: recordResponseSchema(voucherResource.schema), ...errors },
      },
    },
    async (req) => {
      const data = (await resetVoucher(contextOf(req), req.params.token)) as z.infer<
        typeof voucherResource.schema
      >;
      return { success: true as const, message: VOUCHER_MSG.reset, data };
    },
  );

  const login = {
    config: { access: 'public' as const, admission: true },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a voucher code and the account password (parents)',
      body: tokenLoginSchema,
      response: { 200: tokenLoginResponseSchema, ...errors, 503: waitingRoomResponseSchema },
    },
  };
  app.post('/public/login_token', login, (req) => loginWithVoucher(app, contextOf(req), req.body));
  app.post('/user/token/login', login, (req) => loginWithVoucher(app, contextOf(req), req.body));

  // The client's other names for the same registration: from the voucher screen, and for the parents of
  // internal students (an internal voucher marks the registrant internal when it is redeemed).
  for (const url of ['/user/token/register', '/mst_token/register', '/internal'])
    app.post(
      url,
      {
        config: { access: 'public', admission: true },
        schema: {
          tags: ['auth'],
          summary: `Create a parent account from an unused voucher (signed in at once)${url === '/user/token/register' ? '' : '; the same as POST /user/token/register'}`,
          body: tokenRegisterSchema,
          response: { 201: tokenLoginResponseSchema, ...errors, 503: waitingRoomResponseSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await registerWithVoucher(app, contextOf(req), req.body)),
    );
};

export default voucherRoutes;
