import { api, call } from '../../../test/helpers';
import { notificationSignature } from '../../integrations/midtrans/signature';
import { appWithProvider, notification, openedCharge } from './test-fixtures';

jest.setTimeout(120_000);

/**
 * What a signed notification may and may not make us do. The signature covers only the order id, the status
 * code and the amount text, so the status word and everything else in the body can be rewritten by whoever
 * holds one genuine notification.
 */
const { t, sim, settled, notify } = appWithProvider({ waitForInbox: true });
const bill = async (id: number) =>
  (await call(t.app, { method: 'GET', url: api(`/registrant_header_payment/${id}`), token: t.admin })).body
    .data as { state: string; paid_amount: number; history: { action: string }[] };
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

const chargedBill = (amount: number) => openedCharge(t, settled, { cost: amount }, 'bni');

describe('a signed notification resent with another status', () => {
  it.each([
    ['pending', '201'],
    ['expire', '407'],
    ['expire', '202'],
    ['deny', '202'],
  ])('never credits a %s notification (code %s) rewritten as a settlement', async (status, code) => {
    const f = await chargedBill(150_000);
    const genuine = notification(f.charge.order_id, status, f.charge.gross_amount, sim.serverKey, code);
    const replayed = await notify({ ...genuine, transaction_status: 'settlement' });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toMatch(/status/i);
    await settled();
    expect(await bill(f.billId)).toMatchObject({ state: 'published', paid_amount: 0 });
  });

  it('credits a settlement only when the provider itself says the order is paid', async () => {
    const f = await chargedBill(160_000);
    // A cancel carries code 200 like a settlement, so the code alone cannot tell them apart.
    const cancel = notification(f.charge.order_id, 'cancel', f.charge.gross_amount, sim.serverKey, '200');
    expect((await notify({ ...cancel, transaction_status: 'settlement' })).status).toBe(200);
    await settled();
    expect(await bill(f.billId)).toMatchObject({ state: 'published', paid_amount: 0 });
    // The parent really pays: the provider's own answer now says settlement, and the bill is credited once.
    await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/pay',
      payload: { va_number: f.charge.va_number },
    });
    await settled();
    const paid = await bill(f.billId);
    expect(paid).toMatchObject({ state: 'paid', paid_amount: 160_000 });
    expect(paid.history.filter((h) => h.action === 'provider_payment')).toHaveLength(1);
  });

  it('never reverses a paid bill on a settlement rewritten as a refund', async () => {
    const f = await chargedBill(170_000);
    await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/pay',
      payload: { va_number: f.charge.va_number },
    });
    await settled();
    const genuine = notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey);
    for (const status of ['refund', 'chargeback'])
      expect((await notify({ ...genuine, transaction_id: status, transaction_status: status })).status).toBe(
        200,
      );
    await settled();
    expect(await bill(f.billId)).toMatchObject({ state: 'paid', paid_amount: 170_000 });
  });
});

describe('a signed notification whose amount cannot be read', () => {
  it.each(['1e5', '+100000.00', '١٠٠٠٠٠'])(
    'keeps "%s" once, credits nothing and shows it in Rekonsiliasi',
    async (gross) => {
      const f = await chargedBill(100_000);
      const body = {
        ...notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey),
        gross_amount: gross,
        signature_key: notificationSignature(f.charge.order_id, '200', gross, sim.serverKey),
      };
      const first = await notify(body);
      // Answered so that the provider stops: sending the same text again cannot make it readable.
      expect(first.status).toBe(200);
      expect(first.body.outcome).toBe('unreadable_amount');
      expect((await notify(body)).body.outcome).toBe('duplicate');
      await settled();
      expect(await bill(f.billId)).toMatchObject({ state: 'published', paid_amount: 0 });
      const { rows } = await t.ownerPool.query(
        "SELECT outcome, attempts FROM payment_inbox WHERE order_id = $1 AND transaction_status = 'settlement'",
        [f.charge.order_id],
      );
      expect(rows).toEqual([{ outcome: 'unreadable_amount', attempts: 0 }]);
      const report = await call(t.app, {
        method: 'GET',
        url: api(`/us/rekonsiliasi?date_from=${today()}&date_to=${today()}`),
        token: t.admin,
      });
      expect(report.body.data).toContainEqual(
        expect.objectContaining({
          order_id: f.charge.order_id,
          kind: 'unreadable_amount',
          provider_amount: null,
        }),
      );
    },
  );

  it('leaves the list once staff resolve it', async () => {
    const f = await chargedBill(110_000);
    const gross = '1e5';
    await notify({
      ...notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey),
      gross_amount: gross,
      signature_key: notificationSignature(f.charge.order_id, '200', gross, sim.serverKey),
    });
    const resolved = await call(t.app, {
      method: 'POST',
      url: api('/us/rekonsiliasi/resolve'),
      token: t.admin,
      payload: { order_id: f.charge.order_id, action: 'dismiss', reason: 'Dicek di dasbor penyedia' },
    });
    expect(resolved.status).toBe(200);
    const report = await call(t.app, {
      method: 'GET',
      url: api(`/us/rekonsiliasi?date_from=${today()}&date_to=${today()}`),
      token: t.admin,
    });
    expect(report.body.data).not.toContainEqual(expect.objectContaining({ order_id: f.charge.order_id }));
  });
});
