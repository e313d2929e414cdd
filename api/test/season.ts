/** A small admission season for the report and dashboard tests (jest only): bills made and paid through the api. */
import crypto from 'node:crypto';
import { amountText, notificationSignature } from '../src/integrations/midtrans/signature';
import { call, type TestContext } from './helpers';
import { openPeriod, registrantIn } from './parent-journey';

export interface Season {
  tenantId: number;
  schoolId: number;
  otherSchoolId: number;
  periodId: number;
  classId: number;
  typeId: number;
  registrantIds: number[];
  amounts: { paidInFull: number; partial: number; open: number; internal: number; draft: number };
  /** Sum of the published bills (the draft is not billed to anyone). */
  billedTotal: number;
  /** What was paid: the whole first bill and the first installment of the second. */
  paidTotal: number;
  /** Lines of the paid item order (a pending order is not counted). */
  paidOrderTotal: number;
}

const api = (p: string) => `/api/v1${p}`;

async function expectOk(res: { status: number; body: unknown }, what: string, status = 200) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { data: Record<string, unknown> };
}

/**
 * One period of the demo SD with five registrants of new parents (the last one internal): a bill paid in full
 * (cash), one in three installments with the first paid, two open, one still a draft; and two item orders,
 * one paid through the provider's notification, one waiting. `serverKey` is the simulator's.
 */
export async function season(t: TestContext, admin: string, serverKey?: string): Promise<Season> {
  const p = await openPeriod(t, { quota: 20 });
  const { rows } = await t.ownerPool.query<{ id: number }>(
    'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
    [p.tenant_id, `Uang Pangkal ${crypto.randomBytes(3).toString('hex')}`],
  );
  const typeId = rows[0]!.id;
  const registrantIds: number[] = [];
  const parents: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await registrantIn(t, p);
    registrantIds.push(r.id);
    parents.push(r.parent.token);
  }
  await t.ownerPool.query('UPDATE registrants SET is_internal = true WHERE id = $1', [registrantIds[4]]);
  const amounts = {
    paidInFull: 1_000_000,
    partial: 2_000_002,
    open: 750_500,
    internal: 333_333,
    draft: 5_000_000,
  };
  const bill = async (registrantId: number, options: Record<string, unknown>) => {
    const res = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/payment/${registrantId}`),
      token: admin,
      payload: { mst_type_payment_id: typeId, ...options },
    });
    return (await expectOk(res, 'bill', 201)).data.id as number;
  };
  const approve = async (billId: number, installmentId?: number) =>
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: api(`/registrant_header_payments/approve_payment/${billId}`),
        token: admin,
        payload: {
          method: 'cash',
          reason: 'Dibayar tunai di sekolah',
          ...(installmentId ? { installment_id: installmentId } : {}),
        },
      }),
      'approve',
    );
  const full = await bill(registrantIds[0]!, { cost: amounts.paidInFull, is_submit: true });
  await approve(full);
  const partial = await bill(registrantIds[1]!, {
    cost: amounts.partial,
    is_submit: true,
    is_generate_cicilan: true,
    cicilan_count: 3,
  });
  const detail = await expectOk(
    await call(t.app, { method: 'GET', url: api(`/registrant_header_payment/${partial}`), token: admin }),
    'bill detail',
  );
  const first = (detail.data.installments as { id: number; seq: number; amount: number }[]).find(
    (x) => x.seq === 1,
  )!;
  await approve(partial, first.id);
  await bill(registrantIds[2]!, { cost: amounts.open, is_submit: true });
  await bill(registrantIds[4]!, { cost: amounts.internal, is_submit: true });
  await bill(registrantIds[3]!, { cost: amounts.draft });

  let paidOrderTotal = 0;
  if (serverKey) paidOrderTotal = await orders(t, p.tenant_id, p.schoolId, registrantIds, parents, serverKey);

  return {
    tenantId: p.tenant_id,
    schoolId: p.schoolId,
    otherSchoolId: p.smp,
    periodId: p.periodId,
    classId: p.classId,
    typeId,
    registrantIds,
    amounts,
    billedTotal: amounts.paidInFull + amounts.partial + amounts.open + amounts.internal,
    paidTotal: amounts.paidInFull + first.amount,
    paidOrderTotal,
  };
}

/** Two checked-out item orders; the first is settled by a signed provider notification. */
async function orders(
  t: TestContext,
  tenantId: number,
  schoolId: number,
  registrantIds: number[],
  parents: string[],
  serverKey: string,
) {
  const { rows } = await t.ownerPool.query<{ id: number }>(
    'INSERT INTO mst_items (tenant_id, school_id, name, price) VALUES ($1, $2, $3, 85000) RETURNING id',
    [tenantId, schoolId, `Seragam ${crypto.randomBytes(3).toString('hex')}`],
  );
  const itemId = rows[0]!.id;
  const checkout = async (i: number, quantity: number) => {
    await expectOk(
      await call(t.app, {
        method: 'POST',
        url: api(`/registrant_order/${registrantIds[i]}`),
        token: parents[i],
        payload: { lines: [{ mst_item_id: itemId, quantity }] },
      }),
      'cart',
    );
    const res = await call(t.app, {
      method: 'POST',
      url: api('/us/order/checkout'),
      token: parents[i],
      payload: { registrant_id: registrantIds[i], channel: 'bni' },
    });
    return (await expectOk(res, 'checkout', 201)).data.charge as { order_id: string; gross_amount: number };
  };
  const paid = await checkout(0, 2);
  await checkout(1, 1);
  const gross = amountText(paid.gross_amount);
  // The bank takes the money first: a notification is applied only as the provider's own status confirms.
  await expectOk(
    await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/pay',
      payload: { order_id: paid.order_id, silent: true },
    }),
    'pay',
  );
  await expectOk(
    await call(t.app, {
      method: 'POST',
      url: api('/us/midtrans_notification'),
      payload: {
        transaction_time: '2026-11-23 10:00:00',
        transaction_status: 'settlement',
        transaction_id: crypto.randomUUID(),
        status_code: '200',
        signature_key: notificationSignature(paid.order_id, '200', gross, serverKey),
        settlement_time: '2026-11-23 10:05:00',
        payment_type: 'bank_transfer',
        order_id: paid.order_id,
        merchant_id: 'G000000000',
        gross_amount: gross,
        fraud_status: 'accept',
        currency: 'IDR',
      },
    }),
    'notification',
  );
  return 2 * 85_000;
}
