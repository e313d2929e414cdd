/**
 * The client's other names for bill calls, through HTTP: the list as /select, a bill's installments edited
 * with PUT on the bill, the bill deleted through /parent/{id}, and a bill's lines listed by query — each with
 * the Pembayaran flag it needs, the role's schools and Indonesian answers to bad input.
 */

import { api, call } from '../../../test/helpers';
import { openPeriod } from '../../../test/parent-journey';
import { flags } from '../../../test/staff';
import { appWithProvider, billFixture } from './test-fixtures';

jest.setTimeout(120_000);
const { t } = appWithProvider();

const send = (method: 'GET' | 'PUT' | 'DELETE', path: string, token = t.admin, payload?: object) =>
  call(t.app, { method, url: api(path), token, ...(payload ? { payload } : {}) });
const unpaid = () => billFixture(t, t.admin, { cost: 300_000 });
const installments = [
  { amount: 100_000, due_date: '2027-01-10' },
  { amount: 200_000, due_date: '2027-02-10' },
];

/** A role with only these Pembayaran actions, optionally limited to the SMP school (the bills are SD's). */
async function pembayaran(actions: ('read' | 'update' | 'delete')[], otherSchool = false) {
  const schools = otherSchool ? [(await openPeriod(t, { level: 'SMP' })).schoolId] : undefined;
  return t.staff([flags('Pembayaran', ...actions)], schools);
}

describe('GET /registrant_header_payments/select', () => {
  it('answers the same list as /admin with the same filters, and needs Pembayaran read', async () => {
    const f = await unpaid();
    const query = `?type=${f.typeId}`;
    const select = await send('GET', `/registrant_header_payments/select${query}`);
    expect(select.status).toBe(200);
    expect(select.body).toEqual((await send('GET', `/registrant_header_payments/admin${query}`)).body);
    expect((select.body.data as { id: number }[]).map((b) => b.id)).toEqual([f.billId]);
    expect((await send('GET', '/registrant_header_payments/select?type=1e3')).status).toBe(400);
    expect(
      (await send('GET', `/registrant_header_payments/select${query}`, await pembayaran([]))).status,
    ).toBe(403);
    const elsewhere = await send(
      'GET',
      `/registrant_header_payments/select${query}`,
      await pembayaran(['read'], true),
    );
    expect(elsewhere.body.data).toEqual([]);
  });
});

describe('PUT /registrant_header_payment/{id}', () => {
  it("sets the bill's installments like PUT /registrant_installment_payment/{id}", async () => {
    const f = await unpaid();
    const res = await send('PUT', `/registrant_header_payment/${f.billId}`, t.admin, { installments });
    expect(res.status).toBe(200);
    const data = res.body.data as { installments: { amount: number; due_date: string }[] };
    expect(data.installments.map((i) => [i.amount, i.due_date])).toEqual([
      [100_000, '2027-01-10'],
      [200_000, '2027-02-10'],
    ]);
    const wrongSum = await send('PUT', `/registrant_header_payment/${f.billId}`, t.admin, {
      installments: [{ amount: 1, due_date: '2027-01-10' }],
    });
    expect(wrongSum.status).toBe(400);
    expect(wrongSum.body.message).toContain('Jumlah cicilan harus sama dengan total tagihan');
    const none = await send('PUT', `/registrant_header_payment/${f.billId}`, t.admin, { installments: [] });
    expect([none.status, none.body.errors]).toEqual([400, { installments: 'Minimal satu cicilan.' }]);
    const path = `/registrant_header_payment/${f.billId}`;
    expect((await send('PUT', path, await pembayaran(['read']), { installments })).status).toBe(403);
    expect(
      (await send('PUT', path, await pembayaran(['read', 'update'], true), { installments })).status,
    ).toBe(404);
  });
});

describe('DELETE /registrant_header_payment/parent/{id}', () => {
  it('cancels and archives an unpaid bill like DELETE /registrant_header_payment/{id}', async () => {
    const f = await unpaid();
    const path = `/registrant_header_payment/parent/${f.billId}`;
    expect((await send('DELETE', path, await pembayaran(['read']))).status).toBe(403);
    expect((await send('DELETE', path, await pembayaran(['read', 'delete'], true))).status).toBe(404);
    const res = await send('DELETE', path);
    expect(res.status).toBe(200);
    const row = await t.ownerPool.query('SELECT deleted_at FROM registrant_header_payments WHERE id = $1', [
      f.billId,
    ]);
    expect(row.rows[0].deleted_at).not.toBeNull();
    expect((await send('DELETE', path)).status).toBe(404);
    expect((await send('DELETE', '/registrant_header_payment/parent/abc')).status).toBe(400);
  });
});

describe('GET /registrant_detail_payment', () => {
  it('lists the lines of the bill named in the query, like /registrant_detail_payments/{id}', async () => {
    const f = await unpaid();
    const query = `?registrant_header_payment_id=${f.billId}`;
    const res = await send('GET', `/registrant_detail_payment${query}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await send('GET', `/registrant_detail_payments/${f.billId}`)).body);
    expect((res.body.data as { amount: number }[]).map((l) => l.amount)).toEqual([300_000]);
    const missing = await send('GET', '/registrant_detail_payment');
    expect([missing.status, Object.keys(missing.body.errors ?? {})]).toEqual([
      400,
      ['registrant_header_payment_id'],
    ]);
    expect((await send('GET', `/registrant_detail_payment${query}`, await pembayaran([]))).status).toBe(403);
    const elsewhere = await send(
      'GET',
      `/registrant_detail_payment${query}`,
      await pembayaran(['read'], true),
    );
    expect(elsewhere.status).toBe(404);
  });
});
