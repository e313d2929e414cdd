import { api, call } from '../../../test/helpers';
import { appWithProvider, billFixture } from './test-fixtures';

jest.setTimeout(120_000);

const { t } = appWithProvider();

/** A published bill of a new registrant and its first installment, as the parent's page shows them. */
async function parentBill() {
  const f = await billFixture(t, t.admin, { cost: 250_000, is_submit: true });
  const bill = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payment/${f.billId}`),
    token: t.admin,
  });
  const installmentId = (bill.body.data as { installments: { id: number }[] }).installments[0]!.id;
  const charge = () =>
    call(t.app, {
      method: 'POST',
      url: api(`/registrant_payment/${f.registrantId}/charge`),
      token: f.parentToken,
      payload: { installment_id: installmentId, channel: 'bni' },
    });
  return { ...f, charge };
}

it('answers a double tap on "Dapatkan nomor pembayaran" with the same charge, twice 200', async () => {
  const { charge } = await parentBill();
  const answers = await Promise.all([charge(), charge()]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  const [a, b] = answers.map((x) => x.body.data as { id: number; order_id: string; va_number: string }) as [
    { id: number; order_id: string; va_number: string },
    unknown,
  ];
  expect(b).toEqual(a);
  expect(a.va_number).toMatch(/^\d+$/);
  const { rows } = await t.ownerPool.query('SELECT id FROM payment_charges WHERE order_id = $1', [
    a.order_id,
  ]);
  expect(rows).toHaveLength(1);
});

it('gives five taps at once one charge between them', async () => {
  const { charge, billId } = await parentBill();
  const answers = await Promise.all(Array.from({ length: 5 }, () => charge()));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  expect(new Set(answers.map((a) => (a.body.data as { id: number }).id)).size).toBe(1);
  const { rows } = await t.ownerPool.query('SELECT status FROM payment_charges WHERE header_id = $1', [
    billId,
  ]);
  expect(rows).toEqual([{ status: 'pending' }]);
});
