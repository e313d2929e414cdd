import { api, call } from '../../../../test/helpers';
import { demo, newParent, openPeriod, redeem } from '../../../../test/parent-journey';
import { appWithProvider, notification, paidQuietly } from '../test-fixtures';

jest.setTimeout(120_000);

// The simulator's own expiry sweep runs here (its default period).
const { t, sim, settled, pay, notify } = appWithProvider({
  simulator: { sweepMs: undefined },
  paymentWaitMs: 3000,
  waitForInbox: true,
});
const PRICE = 125_000;
beforeAll(async () => {
  const d = await demo(t);
  await t.ownerPool.query('UPDATE school_years SET voucher_price = $2 WHERE id = $1', [d.year_id, PRICE]);
});

interface Purchase {
  id: number;
  state: string;
  count: number;
  charge: { order_id: string; va_number: string | null; gross_amount: number; amount: number } | null;
  vouchers: { token: string; used: boolean }[];
}

async function buy(token: string, count = 2, channel = 'bni') {
  const d = await demo(t);
  const res = await call(t.app, {
    method: 'POST',
    url: api('/mst_token/buy/batch'),
    token,
    payload: { count, school_year_id: d.year_id, channel },
  });
  expect(res.status).toBe(201);
  await settled();
  return res.body.data as Purchase;
}
const purchase = async (token: string, id: number) => {
  const res = await call(t.app, { method: 'GET', url: api(`/mst_token/buy/${id}`), token });
  return { status: res.status, data: res.body.data as Purchase };
};
const vouchersInDb = async (purchaseId: number) =>
  (
    await t.ownerPool.query<{ token: string; method: string; deleted_at: Date | null }>(
      'SELECT token, method, deleted_at FROM mst_tokens WHERE purchase_id = $1 ORDER BY id',
      [purchaseId],
    )
  ).rows;

describe('vouchers bought online', () => {
  it('issues no voucher before the money arrives, then exactly `count` once paid, usable to add a registrant', async () => {
    const parent = await newParent(t);
    const p = await buy(parent.token, 2);
    expect(p).toMatchObject({ state: 'pending', count: 2, vouchers: [] });
    expect(p.charge).toMatchObject({ amount: 2 * PRICE });
    expect(p.charge!.va_number).toMatch(/^\d+$/);
    expect(await vouchersInDb(p.id)).toEqual([]);

    expect((await pay({ va_number: p.charge!.va_number })).status).toBe(200);
    await settled();
    const after = (await purchase(parent.token, p.id)).data;
    expect(after.state).toBe('paid');
    expect(after.vouchers).toHaveLength(2);
    expect((await vouchersInDb(p.id)).map((v) => v.method)).toEqual(['online', 'online']);

    const d = await demo(t);
    const available = await call(t.app, {
      method: 'GET',
      url: api(`/mst_tokens/available/${d.year_id}`),
      token: parent.token,
    });
    expect(available.status).toBe(200);
    expect((available.body.data as { token: string }[]).map((v) => v.token).sort()).toEqual(
      after.vouchers.map((v) => v.token).sort(),
    );

    const period = await openPeriod(t);
    const used = await redeem(t, parent.token, {
      token: after.vouchers[0]!.token,
      school_id: period.schoolId,
      school_period_id: period.periodId,
      mst_class_id: period.classId,
    });
    expect(used.status).toBe(201);
    const left = await call(t.app, {
      method: 'GET',
      url: api(`/mst_tokens/available/${d.year_id}`),
      token: parent.token,
    });
    expect(left.body.count).toBe(1);
  });

  it('issues the vouchers once when the settlement is delivered five times at once', async () => {
    const parent = await newParent(t);
    const p = await buy(parent.token, 3);
    await paidQuietly(t, p.charge!.order_id);
    const body = notification(p.charge!.order_id, 'settlement', p.charge!.gross_amount, sim.serverKey);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'received')).toHaveLength(1);
    await settled();
    expect(await vouchersInDb(p.id)).toHaveLength(3);
    // A later settlement of the same order (the provider retrying) changes nothing either.
    await notify({ ...body, transaction_id: 'again' });
    await settled();
    const codes = (await vouchersInDb(p.id)).map((v) => v.token);
    expect(codes).toHaveLength(3);

    // The buyer is told once, with the codes, in their inbox.
    const inbox = await call(t.app, { method: 'GET', url: api('/notifications'), token: parent.token });
    expect(inbox.status).toBe(200);
    const messages = (inbox.body.data as { messages: { subject: string; body: string }[] }).messages;
    expect(messages.filter((m) => m.subject === 'Voucher pendaftaran sudah terbit')).toEqual([
      {
        subject: 'Voucher pendaftaran sudah terbit',
        body: `Terima kasih. Pembayaran 3 voucher pendaftaran sebesar Rp. 375.000 sudah kami terima. Kode voucher: ${codes.join(', ')}. Voucher juga dapat dilihat pada kartu Voucher Pendaftaran di Beranda aplikasi PSB.`,
        created_at: expect.any(String),
        id: expect.any(Number),
        read: false,
      },
    ]);
  });

  it('cancels an unpaid purchase at the provider, so its old number takes no money and issues nothing', async () => {
    const parent = await newParent(t);
    const p = await buy(parent.token, 1, 'bca');
    const res = await call(t.app, {
      method: 'DELETE',
      url: api(`/mst_token/buy/${p.id}`),
      token: parent.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'cancelled', vouchers: [] });
    const charge = await t.ownerPool.query<{ status: string }>(
      "SELECT status FROM payment_charges WHERE purpose = 'voucher' AND subject_id = $1",
      [p.id],
    );
    expect(charge.rows.map((r) => r.status)).toEqual(['cancel']);
    // The closed number takes no money any more.
    expect((await pay({ va_number: p.charge!.va_number })).status).toBeGreaterThanOrEqual(400);
    await settled();
    expect(await vouchersInDb(p.id)).toEqual([]);
    expect((await purchase(parent.token, p.id)).data.state).toBe('cancelled');
  });

  it('refuses to cancel a paid purchase', async () => {
    const parent = await newParent(t);
    const p = await buy(parent.token, 1);
    await pay({ va_number: p.charge!.va_number });
    await settled();
    const res = await call(t.app, {
      method: 'DELETE',
      url: api(`/mst_token/buy/${p.id}`),
      token: parent.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('sudah dibayar');
    expect(await vouchersInDb(p.id)).toHaveLength(1);
  });

  it('voids the unused vouchers when the bank reverses the payment, and flags the used ones', async () => {
    const parent = await newParent(t);
    const p = await buy(parent.token, 2, 'mandiri');
    await pay({ order_id: p.charge!.order_id });
    await settled();
    const [first] = (await purchase(parent.token, p.id)).data.vouchers;
    const period = await openPeriod(t);
    expect(
      (
        await redeem(t, parent.token, {
          token: first!.token,
          school_id: period.schoolId,
          school_period_id: period.periodId,
          mst_class_id: period.classId,
        })
      ).status,
    ).toBe(201);
    const deny = await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/reverse',
      payload: { order_id: p.charge!.order_id },
    });
    expect(deny.status).toBe(200);
    await settled();
    const rows = await vouchersInDb(p.id);
    expect(rows.filter((v) => v.deleted_at === null).map((v) => v.token)).toEqual([first!.token]);
    const flagged = await t.ownerPool.query<{ state: string; needs_review: string }>(
      'SELECT state, needs_review FROM voucher_purchases WHERE id = $1',
      [p.id],
    );
    expect(flagged.rows[0]).toMatchObject({
      state: 'reversed',
      needs_review: expect.stringContaining('1 voucher'),
    });
  });

  it("hides one parent's purchase from another (404 to read or cancel) and refuses buying for another account", async () => {
    const owner = await newParent(t);
    const other = await newParent(t);
    const p = await buy(owner.token, 1);
    expect((await purchase(other.token, p.id)).status).toBe(404);
    const cancel = await call(t.app, {
      method: 'DELETE',
      url: api(`/mst_token/buy/${p.id}`),
      token: other.token,
    });
    expect(cancel.status).toBe(404);
    expect((await purchase(owner.token, p.id)).data.state).toBe('pending');
    const ownerId = (
      await t.ownerPool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [owner.email])
    ).rows[0]!.id;
    const d = await demo(t);
    const forOther = await call(t.app, {
      method: 'POST',
      url: api(`/user/token/buy/${ownerId}/1`),
      token: other.token,
      payload: { school_year_id: d.year_id, channel: 'bni' },
    });
    expect(forOther.status).toBe(404);
    const forSelf = await call(t.app, {
      method: 'POST',
      url: api(`/user/token/buy/${ownerId}/11`),
      token: owner.token,
      payload: { school_year_id: d.year_id, channel: 'bni' },
    });
    expect(forSelf.status).toBe(400);
    expect(forSelf.body.message).toBe('Maksimal 10 voucher sekali beli.');
    // QRIS pictures are served through a registrant's bill: a purchase is paid by bank transfer.
    const qris = await call(t.app, {
      method: 'POST',
      url: api('/mst_token/buy/batch'),
      token: owner.token,
      payload: { count: 1, school_year_id: d.year_id, channel: 'qris' },
    });
    expect(qris.status).toBe(400);
  });
});
