import crypto from 'node:crypto';
import { type AppPerFile, type AppPerFileOptions, appPerFile } from '../../../test/app-per-file';
import { api, call, type TestContext } from '../../../test/helpers';
import { newRegistrant } from '../../../test/parent-journey';
import { createMidtransSimulator } from '../../integrations/midtrans';
import { amountText, notificationSignature } from '../../integrations/midtrans/signature';
import { inboxIdle } from './inbox-worker';

/**
 * The file's app paid through the provider's simulator (its clock 10,000 times faster, its expiry sweep off
 * unless `simulator` says otherwise). After the tests the simulator's notifications, and with `waitForInbox`
 * their application from the inbox, are waited for before the app closes.
 */
export function appWithProvider({
  simulator,
  waitForInbox = false,
  ...options
}: AppPerFileOptions & {
  simulator?: Parameters<typeof createMidtransSimulator>[0];
  waitForInbox?: boolean;
} = {}) {
  const sim = createMidtransSimulator({ timeScale: 0.0001, sweepMs: 0, ...simulator });
  const t = appPerFile({
    midtransSimulator: sim,
    ...options,
    beforeClose: async () => {
      await sim.idle();
      if (waitForInbox) await inboxIdle(t.pool);
    },
  });
  /** The simulator's deliveries made, and what they stored in the inbox applied by the worker. */
  const settled = async () => {
    await sim.idle();
    await inboxIdle(t.pool);
  };
  /** A payer paying at the simulator's page. */
  const pay = (payload: Record<string, unknown>) =>
    call(t.app, { method: 'POST', url: '/simulator/midtrans/pay', payload });
  /** A provider notification arriving at our endpoint. */
  const notify = (body: Record<string, unknown>) =>
    call(t.app, { method: 'POST', url: api('/us/midtrans_notification'), payload: body });
  return { t, sim, settled, pay, notify };
}

/** A payment type of the demo tenant (written as the owner: the fee setup screens are tested on their own). */
export async function paymentType(t: TestContext, tenantId: number) {
  const name = `Uang Uji ${crypto.randomBytes(3).toString('hex')}`;
  const { rows } = await t.ownerPool.query<{ id: number }>(
    'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
    [tenantId, name],
  );
  return rows[0]!.id;
}

/** A new registrant (and parent) billed through the api with these options. */
export async function billFixture(t: TestContext, admin: string, options: Record<string, unknown>) {
  const r = await newRegistrant(t);
  const typeId = await paymentType(t, r.tenant_id);
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/v1/registrant/payment/${r.id}`,
    token: admin,
    payload: { mst_type_payment_id: typeId, ...options },
  });
  if (res.status !== 201) throw new Error(`bill failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    billId: (res.body.data as { id: number }).id,
    registrantId: r.id,
    parentToken: r.parent.token,
    tenantId: r.tenant_id,
    schoolId: r.schoolId,
    typeId,
  };
}

/** A notification body as Midtrans sends it for a VA order, signed with `serverKey`. */
export function notification(
  orderId: string,
  status: string,
  gross: number,
  serverKey: string,
  code?: string,
) {
  const statusCode = code ?? (status === 'settlement' ? '200' : status === 'pending' ? '201' : '202');
  const grossAmount = amountText(gross);
  return {
    transaction_time: '2026-11-23 10:00:00',
    transaction_status: status,
    transaction_id: crypto.randomUUID(),
    status_message: 'midtrans payment notification',
    status_code: statusCode,
    signature_key: notificationSignature(orderId, statusCode, grossAmount, serverKey),
    ...(status === 'settlement' ? { settlement_time: '2026-11-23 10:05:00' } : {}),
    payment_type: 'bank_transfer',
    order_id: orderId,
    merchant_id: 'G000000000',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
  };
}

/** The provider's own record of an order made paid, with no notification sent: the test delivers its own. */
export async function paidQuietly(t: TestContext, orderId: string) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/simulator/midtrans/pay',
    payload: { order_id: orderId, silent: true },
  });
  if (res.status !== 200) throw new Error(`pay failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A published bill for a new registrant (`options` as staff bill it) with its first installment's charge
 * opened on `channel`; `settled` waits for the provider's pending notification to be applied.
 */
export async function openedCharge(
  t: AppPerFile,
  settled: () => Promise<void>,
  options: Record<string, unknown>,
  channel: string,
) {
  const f = await billFixture(t, t.admin, { is_submit: true, ...options });
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/v1/registrant_header_payments/generate_va/${f.billId}`,
    token: t.admin,
    payload: { channel },
  });
  if (res.status !== 200) throw new Error(`charge failed: ${res.status} ${JSON.stringify(res.body)}`);
  await settled();
  return {
    ...f,
    charge: res.body.data as {
      order_id: string;
      va_number: string | null;
      bill_key: string | null;
      gross_amount: number;
    },
  };
}
