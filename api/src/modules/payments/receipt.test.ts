import { formatRupiah } from '@psb/contracts';
import { api, call } from '../../../test/helpers';
import { drawnRuns, drawnText } from '../../../test/pdf-text';
import { appWithProvider, billFixture } from './test-fixtures';

jest.setTimeout(120_000);

const { t, settled } = appWithProvider({ waitForInbox: true });
const A5_WIDTH = 419.53;
const MARGIN = 36;

/** A bill of two installments with a long name, both paid by VA with the channel's admin fee on top. */
async function paidReceipt() {
  const f = await billFixture(t, t.admin, {
    cost: 12_500_000,
    is_submit: true,
    is_generate_cicilan: true,
    cicilan_count: 2,
  });
  await t.ownerPool.query(
    `INSERT INTO convenience_fees (tenant_id, name, channel, fee_type, flat_amount)
     VALUES ($1, 'Biaya Admin BNI (uji)', 'bni', 'flat', 4000) ON CONFLICT DO NOTHING`,
    [f.tenantId],
  );
  const detail = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payment/${f.billId}`),
    token: t.admin,
  });
  const fees: number[] = [];
  for (const inst of (detail.body.data as { installments: { id: number }[] }).installments) {
    const opened = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_payment/${f.registrantId}/charge`),
      token: f.parentToken,
      payload: { installment_id: inst.id, channel: 'bni' },
    });
    expect(opened.status).toBe(200);
    const charge = opened.body.data as { va_number: string; fee_amount: number };
    fees.push(charge.fee_amount);
    await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/pay',
      payload: { va_number: charge.va_number },
    });
    await settled();
  }
  const res = await t.app.inject({
    method: 'GET',
    url: api(`/registrant_payment/receipt/${f.billId}`),
    headers: { authorization: `Bearer ${f.parentToken}` },
  });
  expect(res.statusCode).toBe(200);
  return { pdf: res.rawPayload, fees };
}

it('keeps every word of the receipt inside its margins on A5', async () => {
  const { pdf } = await paidReceipt();
  const runs = drawnRuns(pdf);
  expect(runs.length).toBeGreaterThan(10);
  const outside = runs.filter((r) => r.left < MARGIN - 0.5 || r.right > A5_WIDTH - MARGIN + 0.5);
  expect(outside).toEqual([]);
});

it('writes dates the Indonesian way with WIB times, and lists every amount paid with the admin fee', async () => {
  const { pdf, fees } = await paidReceipt();
  const text = drawnText(pdf);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(text).toMatch(
    /\b\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}\b/,
  );
  expect(text).toMatch(/\b\d{2}\.\d{2} WIB\b/);
  expect(fees.every((fee) => fee > 0)).toBe(true);
  expect(text).toContain('Biaya admin');
  for (const fee of fees) expect(text).toContain(formatRupiah(fee));
  const paid = 12_500_000 + fees.reduce((a, b) => a + b, 0);
  expect(text).toContain(`Total dibayar\n${formatRupiah(paid)}`);
});
