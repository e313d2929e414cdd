import { api, call } from '../../../test/helpers';
import { appWithProvider, billFixture } from './test-fixtures';

jest.setTimeout(120_000);

const { t, sim } = appWithProvider({ paymentWaitMs: 3000 });
interface Bill {
  total_amount: number;
  lines: { id: number; name: string; amount: number }[];
  installments: { id: number; amount: number; due_date: string; charge: { status: string } | null }[];
  history: { action: string; reason: string | null; detail: Record<string, unknown> | null }[];
}
const bill = async (id: number) =>
  (await call(t.app, { method: 'GET', url: api(`/registrant_header_payment/${id}`), token: t.admin })).body
    .data as Bill;
const addLine = (payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: api('/registrant_detail_payment'), token: t.admin, payload });
const putLine = (id: number, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: api(`/registrant_detail_payment/${id}`), token: t.admin, payload });
const deleteLine = (id: number) =>
  call(t.app, { method: 'DELETE', url: api(`/registrant_detail_payment/${id}`), token: t.admin });

describe('bill lines (registrant_detail_payment)', () => {
  it('adds, changes and removes lines; the total and installments follow, each change in the history', async () => {
    const f = await billFixture(t, t.admin, { cost: 300_000, is_generate_cicilan: true, cicilan_count: 3 });
    const before = await bill(f.billId);
    const dueDates = before.installments.map((i) => i.due_date);

    const added = await addLine({
      header_id: f.billId,
      name: 'Buku Paket',
      amount: 100_001,
      reason: 'Buku wajib',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ message: 'Rincian tagihan berhasil ditambahkan.' });
    const lineId = (added.body.data as { id: number }).id;
    let b = await bill(f.billId);
    expect(b.total_amount).toBe(400_001);
    expect(b.installments.map((i) => i.amount)).toEqual([133_335, 133_333, 133_333]);
    expect(b.installments.map((i) => i.due_date)).toEqual(dueDates);

    const list = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_detail_payments/${f.billId}`),
      token: t.admin,
    });
    expect((list.body.data as { name: string; amount: number }[]).map((l) => [l.name, l.amount])).toEqual([
      [expect.any(String), 300_000],
      ['Buku Paket', 100_001],
    ]);

    expect((await putLine(lineId, { amount: 50_000 })).status).toBe(200);
    b = await bill(f.billId);
    expect(b.total_amount).toBe(350_000);
    expect(b.installments.reduce((s, i) => s + i.amount, 0)).toBe(350_000);
    expect(
      (await call(t.app, { method: 'GET', url: api(`/registrant_detail_payment/${lineId}`), token: t.admin }))
        .body.data,
    ).toMatchObject({ name: 'Buku Paket', amount: 50_000, header_id: f.billId });

    expect((await deleteLine(lineId)).status).toBe(200);
    b = await bill(f.billId);
    expect(b.total_amount).toBe(300_000);
    expect(b.lines).toHaveLength(1);
    expect((await deleteLine(lineId)).status).toBe(404);
    const last = await deleteLine(b.lines[0]!.id);
    expect(last.status).toBe(409);
    expect(last.body.message).toContain('minimal satu rincian');

    const lineHistory = b.history.filter((h) => h.action === 'lines');
    expect(lineHistory).toHaveLength(3);
    expect(lineHistory.map((h) => h.detail?.total)).toEqual(
      expect.arrayContaining([400_001, 350_000, 300_000]),
    );
    expect(lineHistory.some((h) => h.reason === 'Buku wajib')).toBe(true);
  });

  it('closes an open payment number first, so the old amount can no longer be paid', async () => {
    const f = await billFixture(t, t.admin, { cost: 200_000, is_submit: true });
    const va = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/generate_va/${f.billId}`),
      token: t.admin,
      payload: { channel: 'bni' },
    });
    expect(va.status).toBe(200);
    await sim.idle();
    const vaNumber = (va.body.data as { va_number: string }).va_number;
    expect((await addLine({ header_id: f.billId, name: 'Seragam', amount: 75_000 })).status).toBe(201);
    const b = await bill(f.billId);
    expect(b.total_amount).toBe(275_000);
    expect(b.installments[0]).toMatchObject({ amount: 275_000, charge: null });
    const paid = await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/pay',
      payload: { va_number: vaNumber },
    });
    expect(paid.status).not.toBe(200);
  });

  it('refuses to change the lines of a bill with money on it (409), and bad input (400)', async () => {
    const f = await billFixture(t, t.admin, {
      cost: 200_000,
      is_submit: true,
      is_generate_cicilan: true,
      cicilan_count: 2,
    });
    const approved = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/approve_payment/${f.billId}`),
      token: t.admin,
      payload: { method: 'cash', reason: 'Tunai di kantor' },
    });
    expect(approved.status).toBe(200);
    const refused = await addLine({ header_id: f.billId, name: 'Seragam', amount: 75_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Rincian tagihan yang sudah dibayar (sebagian) tidak dapat diubah. Catat selisihnya sebagai tagihan baru.',
    );
    const line = (await bill(f.billId)).lines[0]!;
    expect((await putLine(line.id, { amount: 1 })).status).toBe(409);
    expect((await deleteLine(line.id)).status).toBe(409);
    expect((await bill(f.billId)).total_amount).toBe(200_000);

    const other = await billFixture(t, t.admin, { cost: 100_000 });
    const bad = await addLine({ header_id: other.billId, name: ' ', amount: -5 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Nama rincian wajib diisi.');
    expect(JSON.stringify(bad.body)).toContain('Jumlah tidak boleh negatif.');
    expect((await addLine({ header_id: 99_999_999, name: 'X', amount: 1 })).status).toBe(404);
  });

  it("hides another parent's access: a parent cannot read or change lines", async () => {
    const f = await billFixture(t, t.admin, { cost: 100_000, is_submit: true });
    const line = (await bill(f.billId)).lines[0]!;
    const asParent = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant_detail_payment/${line.id}`),
      token: f.parentToken,
      payload: { amount: 1 },
    });
    expect(asParent.status).toBe(403);
    expect((await bill(f.billId)).total_amount).toBe(100_000);
  });
});
