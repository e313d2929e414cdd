import { paymentReceiptReference } from '@psb/contracts';
import { api, call } from '../../../test/helpers';
import { inboxIdle } from './inbox-worker';
import { appWithProvider, billFixture } from './test-fixtures';

jest.setTimeout(120_000);

const { t, sim } = appWithProvider({ waitForInbox: true });

type Installment = { id: number; paid_at: string | null; receipt_reference: string | null };

async function parentInstallments(registrantId: number, token: string) {
  const res = await call(t.app, { method: 'GET', url: api(`/registrant_payment/${registrantId}`), token });
  expect(res.status).toBe(200);
  const bills = res.body.data as { registration_number: string; installments: Installment[] }[];
  return { number: bills[0]!.registration_number, installments: bills[0]!.installments };
}

async function receiptMessages(billId: number) {
  const { rows } = await t.ownerPool.query<{ body: string; installment_id: string }>(
    `SELECT body, data->>'installment_id' AS installment_id FROM notifications
      WHERE template = 'payment_receipt' AND data->>'bill_id' = $1 ORDER BY id`,
    [String(billId)],
  );
  return rows;
}

/**
 * Proof of payment: every settled installment shows a receipt reference in the parent's bill view at once,
 * and the same reference reaches the parent through the outbox — whether the provider's notification paid it
 * or staff recorded a payment at the office.
 */
describe('proof of payment', () => {
  it('a VA settlement and a payment staff record each give the parent a receipt with its reference', async () => {
    const f = await billFixture(t, t.admin, {
      cost: 3_000_000,
      is_submit: true,
      is_generate_cicilan: true,
      cicilan_count: 2,
    });
    const before = await parentInstallments(f.registrantId, f.parentToken);
    expect(before.installments.map((i) => i.receipt_reference)).toEqual([null, null]);
    expect(await receiptMessages(f.billId)).toEqual([]);

    const [first, second] = before.installments;
    const opened = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_payment/${f.registrantId}/charge`),
      token: f.parentToken,
      payload: { installment_id: first!.id, channel: 'bni' },
    });
    expect(opened.status).toBe(200);
    await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/pay',
      payload: { va_number: (opened.body.data as { va_number: string }).va_number },
    });
    await sim.idle();
    await inboxIdle(t.pool);

    const paidOnce = await parentInstallments(f.registrantId, f.parentToken);
    const firstReference = paymentReceiptReference(paidOnce.number, first!.id);
    expect(paidOnce.installments.map((i) => i.receipt_reference)).toEqual([firstReference, null]);
    const afterVa = await receiptMessages(f.billId);
    expect(afterVa).toHaveLength(1);
    expect(afterVa[0]!.installment_id).toBe(String(first!.id));
    expect(afterVa[0]!.body).toContain(firstReference);
    expect(afterVa[0]!.body).toContain('Rp. 1.500.000');

    const approved = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/approve_payment/${f.billId}`),
      token: t.admin,
      payload: { method: 'cash', reason: 'Bayar tunai di kantor sekolah' },
    });
    expect(approved.status).toBe(200);
    const paidBoth = await parentInstallments(f.registrantId, f.parentToken);
    const secondReference = paymentReceiptReference(paidBoth.number, second!.id);
    expect(paidBoth.installments.map((i) => i.receipt_reference)).toEqual([firstReference, secondReference]);
    // One receipt per payment: the first installment's is not sent again when the second is paid.
    const afterBoth = await receiptMessages(f.billId);
    expect(afterBoth.map((m) => m.installment_id)).toEqual([String(first!.id), String(second!.id)]);
    expect(afterBoth[1]!.body).toContain(secondReference);
  });
});
