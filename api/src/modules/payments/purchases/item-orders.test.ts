import { api, call } from '../../../../test/helpers';
import { demo, newParent, newRegistrant } from '../../../../test/parent-journey';
import { appWithProvider, notification, paidQuietly } from '../test-fixtures';

/** Items a parent orders for a child (uniform, books): cart, checkout, payment, invoice, staff lists. */
jest.setTimeout(120_000);

const { t, sim, settled, notify } = appWithProvider({ paymentWaitMs: 3000, waitForInbox: true });

async function item(schoolId: number | null, price: number) {
  const d = await demo(t);
  const name = `Barang Uji ${Math.random().toString(36).slice(2, 8)}`;
  const { rows } = await t.ownerPool.query<{ id: number }>(
    'INSERT INTO mst_items (tenant_id, school_id, name, price) VALUES ($1, $2, $3, $4) RETURNING id',
    [d.tenant_id, schoolId, name, price],
  );
  return { id: rows[0]!.id, name };
}

/** A registrant with a cart of two items (2 × 85.000 + 1 × 40.000) checked out on BNI. */
async function checkedOut() {
  const r = await newRegistrant(t);
  const shirt = await item(r.schoolId, 85_000);
  const book = await item(null, 40_000);
  const saved = await call(t.app, {
    method: 'POST',
    url: api(`/registrant_order/${r.id}`),
    token: r.parent.token,
    payload: {
      lines: [
        { mst_item_id: shirt.id, quantity: 2 },
        { mst_item_id: book.id, quantity: 1 },
      ],
    },
  });
  expect(saved.status).toBe(200);
  expect(saved.body.data).toMatchObject({ state: 'cart', total: 210_000 });
  const res = await call(t.app, {
    method: 'POST',
    url: api('/us/order/checkout'),
    token: r.parent.token,
    payload: { registrant_id: r.id, channel: 'bni' },
  });
  expect(res.status).toBe(201);
  await settled();
  return {
    r,
    shirt,
    order: res.body.data as {
      id: number;
      state: string;
      total: number;
      fee: number;
      charge: { va_number: string; gross_amount: number; fee_amount: number; order_id: string };
    },
  };
}

describe('item orders', () => {
  it('checks out the cart into an order whose charge is items + fee, and marks it paid once', async () => {
    const d = await demo(t);
    // BNI carries a flat convenience fee (the demo's, or this one when the demo has none).
    await t.ownerPool.query(
      `INSERT INTO convenience_fees (tenant_id, name, channel, fee_type, flat_amount)
       VALUES ($1, 'Biaya Admin BNI (uji)', 'bni', 'flat', 4000) ON CONFLICT DO NOTHING`,
      [d.tenant_id],
    );
    const rule = await t.ownerPool.query<{ flat_amount: string }>(
      "SELECT flat_amount FROM convenience_fees WHERE tenant_id = $1 AND channel = 'bni' AND is_active AND deleted_at IS NULL AND fee_type = 'flat'",
      [d.tenant_id],
    );
    const { r, order } = await checkedOut();
    expect(order).toMatchObject({ state: 'pending', total: 210_000, fee: Number(rule.rows[0]!.flat_amount) });
    expect(order.fee).toBeGreaterThan(0);
    expect(order.charge.gross_amount).toBe(order.total + order.fee);
    expect(order.fee).toBe(order.charge.fee_amount);
    await paidQuietly(t, order.charge.order_id);
    const body = notification(order.charge.order_id, 'settlement', order.charge.gross_amount, sim.serverKey);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    expect(answers.filter((a) => a.body.outcome === 'received')).toHaveLength(1);
    await settled();
    const trans = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_order/trans/${r.id}`),
      token: r.parent.token,
    });
    expect(trans.body.data).toMatchObject([{ id: order.id, state: 'paid' }]);
    // The cart is empty again after checkout.
    const cart = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_order/${r.id}`),
      token: r.parent.token,
    });
    expect(cart.body.data).toBeNull();
  });

  it('refuses checkout of an empty cart and an item of another school', async () => {
    const r = await newRegistrant(t);
    const empty = await call(t.app, {
      method: 'POST',
      url: api('/us/order/checkout'),
      token: r.parent.token,
      payload: { registrant_id: r.id, channel: 'bni' },
    });
    expect(empty.status).toBe(409);
    const d = await demo(t);
    const smpOnly = await item(d.smp, 10_000);
    const bad = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_order/${r.id}`),
      token: r.parent.token,
      payload: { lines: [{ mst_item_id: smpOnly.id, quantity: 1 }] },
    });
    expect(bad.status).toBe(400);
  });

  it('gives the parent an invoice PDF of their order, and another parent a 404 for everything', async () => {
    const { r, order } = await checkedOut();
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/order/invoice/${order.id}`),
      headers: { authorization: `Bearer ${r.parent.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await newParent(t);
    for (const url of [
      `/order/invoice/${order.id}`,
      `/us/order/${order.id}`,
      `/registrant_order/${r.id}`,
      `/registrant_order/trans/${r.id}`,
    ])
      expect({
        url,
        status: (await call(t.app, { method: 'GET', url: api(url), token: other.token })).status,
      }).toEqual({
        url,
        status: 404,
      });
    const steal = await call(t.app, {
      method: 'POST',
      url: api('/us/order/checkout'),
      token: other.token,
      payload: { registrant_id: r.id, channel: 'bni' },
    });
    expect(steal.status).toBe(404);
  });

  it('lists orders for staff and exports the orders of an item', async () => {
    const { order, shirt } = await checkedOut();
    const list = await call(t.app, {
      method: 'GET',
      url: api('/admin/registrant/detailorder'),
      token: t.admin,
    });
    expect(list.status).toBe(200);
    expect(
      (list.body.data as { id: number; items: string }[]).find((o) => o.id === order.id)?.items,
    ).toContain(`${shirt.name} × 2`);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: api(`/registrant_detail_payment/order/export/${shirt.id}`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const parent = await newParent(t);
    const forbidden = await call(t.app, {
      method: 'GET',
      url: api('/admin/registrant/detailorder'),
      token: parent.token,
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('items of one class', () => {
  it("offers a class's item only to a child of that class, and refuses it in another child's cart", async () => {
    const r = await newRegistrant(t);
    const own = await item(r.schoolId, 750_000);
    const other = await item(r.schoolId, 850_000);
    const { rows } = await t.ownerPool.query<{ id: number }>(
      `SELECT k.id FROM mst_classes k JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
       WHERE g.school_id = $1 AND k.id <> $2 AND k.deleted_at IS NULL LIMIT 1`,
      [r.schoolId, r.classId],
    );
    await t.ownerPool.query('UPDATE mst_items SET mst_class_id = $2 WHERE id = $1', [own.id, r.classId]);
    await t.ownerPool.query('UPDATE mst_items SET mst_class_id = $2 WHERE id = $1', [other.id, rows[0]!.id]);

    const offered = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_order/${r.id}`),
      token: r.parent.token,
    });
    expect(offered.status).toBe(200);
    const names = (offered.body.items as { name: string }[]).map((i) => i.name);
    expect(names).toContain(own.name);
    expect(names).not.toContain(other.name);

    const refused = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_order/${r.id}`),
      token: r.parent.token,
      payload: { lines: [{ mst_item_id: other.id, quantity: 1 }] },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(typeof refused.body.message).toBe('string');
  });
});
