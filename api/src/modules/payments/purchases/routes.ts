import {
  buyVouchersSchema,
  cartLinesSchema,
  cartResponseSchema,
  checkoutSchema,
  errorResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  PURCHASE_MSG,
  purchaseChannelSchema,
  voucherOffersResponseSchema,
  voucherPurchaseResponseSchema,
  voucherPurchasesResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamQueryExport } from '../../../engine';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError, notFound } from '../../../lib/http-error';
import { idParams, idParamsSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { contextOf } from '../../../service-context';
import { orderInvoicePdf } from './invoice';
import { cartOf, chargeOrder, checkout, ordersOf, ownOrder, saveCart } from './orders';
import { ITEM_ORDER_EXPORT_LABELS, itemById, itemOrdersExport, listOrders } from './staff';
import {
  buyVouchers,
  cancelPurchase,
  myPurchases,
  ownPurchase,
  rechargePurchase,
  voucherOffers,
} from './vouchers';

const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const user = { access: 'user' } as const;
const staffRead = { access: { module: 'Pembayaran', action: 'read' } } as const;
const vTags = ['voucher purchases (parent)'];
const oTags = ['item orders (parent)'];
const channelBody = z.strictObject({ channel: purchaseChannelSchema });

/** Vouchers bought online and item orders: the parent's side and the staff lists. */
const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mst_token/buy/offers',
    {
      config: user,
      schema: {
        tags: vTags,
        summary: 'School years whose vouchers are sold online, with the price of one voucher',
        security,
        response: { 200: voucherOffersResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db(voucherOffers) }),
  );

  app.post(
    '/mst_token/buy/batch',
    {
      config: user,
      schema: {
        tags: vTags,
        summary:
          'Buy 1–10 vouchers: the purchase and its payment number; vouchers are issued once it is paid',
        security,
        body: buyVouchersSchema,
        response: { 201: voucherPurchaseResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        message: PURCHASE_MSG.voucherOpened,
        data: await buyVouchers(contextOf(req), req.body),
      }),
  );

  app.post(
    '/user/token/buy/:user_id/:count',
    {
      config: user,
      schema: {
        tags: vTags,
        summary: 'Buy vouchers for the signed-in parent (user_id must be their own, else 404)',
        security,
        params: idParams('user_id').extend(idParams('count').shape),
        body: buyVouchersSchema.omit({ count: true }),
        response: { 201: voucherPurchaseResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      if (req.params.user_id !== req.auth!.user.id) throw notFound();
      const input = buyVouchersSchema.safeParse({ ...req.body, count: req.params.count });
      if (!input.success) throw new HttpError(400, input.error.issues[0]!.message);
      const data = await buyVouchers(contextOf(req), input.data);
      return reply.status(201).send({ success: true as const, message: PURCHASE_MSG.voucherOpened, data });
    },
  );

  app.get(
    '/user/token/buy',
    {
      config: user,
      schema: {
        tags: vTags,
        summary: "The parent's voucher purchases, newest first",
        security,
        response: { 200: voucherPurchasesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await myPurchases(contextOf(req)) }),
  );

  app.get(
    '/mst_token/buy/:x',
    {
      config: user,
      schema: {
        tags: vTags,
        summary: "One of the parent's purchases: state, payment number, the vouchers once paid",
        security,
        params: idParams('x'),
        response: { 200: voucherPurchaseResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await ownPurchase(contextOf(req), req.params.x) }),
  );

  app.post(
    '/mst_token/buy/:x/charge',
    {
      config: user,
      schema: {
        tags: vTags,
        summary: 'A new payment number for an unpaid purchase (other channel, or the old one expired)',
        security,
        params: idParams('x'),
        body: channelBody,
        response: { 200: voucherPurchaseResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: PURCHASE_MSG.voucherOpened,
      data: await rechargePurchase(contextOf(req), req.params.x, req.body.channel),
    }),
  );

  app.delete(
    '/mst_token/buy/:x',
    {
      config: user,
      schema: {
        tags: vTags,
        summary: 'Cancel an unpaid purchase (its order is closed at the provider first; 409 once paid)',
        security,
        params: idParams('x'),
        response: { 200: voucherPurchaseResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: PURCHASE_MSG.voucherCancelled,
      data: await cancelPurchase(contextOf(req), req.params.x),
    }),
  );

  app.get(
    '/registrant_order/:id',
    {
      config: user,
      schema: {
        tags: oTags,
        summary: "The cart of the parent's registrant and the items offered to it (its school and class)",
        security,
        params: idParamsSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await cartOf(contextOf(req), req.params.id);
      return { success: true as const, data: r.cart, items: r.items };
    },
  );

  app.post(
    '/registrant_order/:id',
    {
      config: user,
      schema: {
        tags: oTags,
        summary: "Set the lines of the registrant's cart (replaces them; prices from the items now)",
        security,
        params: idParamsSchema,
        body: cartLinesSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await saveCart(contextOf(req), req.params.id, req.body);
      return { success: true as const, message: PURCHASE_MSG.cartSaved, data: r.cart, items: r.items };
    },
  );

  app.get(
    '/registrant_order/trans/:id',
    {
      config: user,
      schema: {
        tags: oTags,
        summary: "The parent's orders of a registrant with their state (not the cart)",
        security,
        params: idParamsSchema,
        response: { 200: ordersResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await ordersOf(contextOf(req), req.params.id) }),
  );

  app.post(
    '/us/order/checkout',
    {
      config: user,
      schema: {
        tags: oTags,
        summary:
          'Checkout: the cart becomes an order (items + convenience fee) and its payment number is opened',
        security,
        body: checkoutSchema,
        response: { 201: orderResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        message: PURCHASE_MSG.orderOpened,
        data: await checkout(contextOf(req), req.body.registrant_id, req.body.channel),
      }),
  );

  app.get(
    '/us/order/:id',
    {
      config: user,
      schema: {
        tags: oTags,
        summary: "One of the parent's orders with its lines and payment number",
        security,
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await ownOrder(contextOf(req), req.params.id) }),
  );

  app.post(
    '/us/order/:id/charge',
    {
      config: user,
      schema: {
        tags: oTags,
        summary: 'A new payment number for an unpaid order (other channel, or the old one expired)',
        security,
        params: idParamsSchema,
        body: channelBody,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (req) => {
      await ownOrder(contextOf(req), req.params.id);
      return {
        success: true as const,
        message: PURCHASE_MSG.orderOpened,
        data: await chargeOrder(contextOf(req), req.params.id, req.body.channel),
      };
    },
  );

  app.get(
    '/order/invoice/:id',
    {
      config: user,
      schema: {
        tags: oTags,
        summary: "Invoice (PDF) of one of the parent's orders",
        security,
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 200: binaryResponse('The invoice', ['application/pdf']), ...errors },
      },
    },
    async (req, reply) => {
      const order = await ownOrder(contextOf(req), req.params.id);
      const file = await orderInvoicePdf(order, { name: req.tenant.name, themeColor: req.tenant.themeColor });
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition(`Invoice Pesanan ${order.id}.pdf`),
        },
        file,
      );
    },
  );

  for (const suffix of ['', '/nonactive'] as const)
    app.get(
      `/admin/registrant/detailorder${suffix}`,
      {
        config: staffRead,
        schema: {
          tags: ['item orders (staff)'],
          summary: suffix
            ? 'Cancelled and reversed item orders'
            : 'Item orders waiting for payment or paid (filters school, state, search; pages)',
          security,
          querystring: orderListQuerySchema,
          response: { 200: orderListResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await req.db((c) => listOrders(c, req.query, !suffix))),
      }),
    );

  app.get(
    '/registrant_detail_payment/order/export/:id',
    {
      config: staffRead,
      schema: {
        tags: ['item orders (staff)'],
        summary: 'Orders of one item (id = mst_item id), one row per order (xlsx)',
        security,
        params: idParamsSchema,
        response: {
          200: binaryResponse('The orders of the item', [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ]),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const item = await req.db((c) => itemById(c, req.params.id));
      if (!item) throw notFound('Barang tidak ditemukan.');
      const compiled = await req.db(async (c) => itemOrdersExport(c, item.id));
      return streamQueryExport(req, reply, {
        sheetName: 'Pesanan',
        labels: ITEM_ORDER_EXPORT_LABELS,
        sql: compiled.sql,
        values: [...compiled.parameters],
        fileName: `Pesanan ${item.name}`.replace(/[^\p{L}\p{N} ._-]/gu, ''),
        format: 'xlsx',
      });
    },
  );
};

export default purchaseRoutes;
