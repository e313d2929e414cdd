import { billDetailResponseSchema } from '@psb/contracts/payments';
import { api, call } from '../../../test/helpers';
import { newParent } from '../../../test/parent-journey';
import { appWithProvider, billFixture, openedCharge } from './test-fixtures';

/** What follows a bill's charge: staff approval, the parent's live view, the receipt, the hand-over file. */
jest.setTimeout(120_000);

const { t, settled, pay } = appWithProvider({ paymentWaitMs: 3000, waitForInbox: true });
/** The bill as staff see it, parsed by the contract (its history included). */
const billDetail = async (id: number) =>
  billDetailResponseSchema.parse(
    (await call(t.app, { method: 'GET', url: api(`/registrant_header_payment/${id}`), token: t.admin })).body,
  ).data;
const chargedBill = (amount: number, channel = 'bni') => openedCharge(t, settled, { cost: amount }, channel);

describe('staff approval', () => {
  it('lets one of two staff approving the same bill at once win', async () => {
    const f = await billFixture(t, t.admin, { cost: 150_000, is_submit: true });
    const approve = () =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant_header_payments/approve_payment/${f.billId}`),
        token: t.admin,
        payload: { method: 'cash', reason: 'Dibayar tunai di kantor' },
      });
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const b = await billDetail(f.billId);
    expect(b.state).toBe('paid');
    expect(b.history.filter((h) => h.action === 'manual_payment')).toEqual([
      expect.objectContaining({ reason: 'Dibayar tunai di kantor' }),
    ]);
  });

  it('refuses approval without a reason, in Indonesian', async () => {
    const f = await billFixture(t, t.admin, { cost: 150_000, is_submit: true });
    const res = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/approve_payment/${f.billId}`),
      token: t.admin,
      payload: { method: 'cash' },
    });
    expect(res.status).toBe(400);
  });
});

describe('live view', () => {
  it('answers the waiting parent as soon as the bill is paid', async () => {
    const f = await chargedBill(60_000, 'bni');
    const first = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_payment/${f.registrantId}`),
      token: f.parentToken,
    });
    const version = first.body.version as number;
    const waiting = call(t.app, {
      method: 'GET',
      url: api(`/registrant_payment/${f.registrantId}/wait?version=${version}`),
      token: f.parentToken,
    });
    await pay({ va_number: f.charge.va_number });
    const res = await waiting;
    expect(res.body.version).not.toBe(version);
    expect(res.body.data).toMatchObject([{ state: 'paid' }]);
  });
});

describe('receipt', () => {
  it('gives the parent a PDF receipt of a paid bill, and nobody else', async () => {
    const f = await chargedBill(75_000, 'bni');
    const url = api(`/registrant_payment/receipt/${f.billId}`);
    expect((await call(t.app, { method: 'GET', url, token: f.parentToken })).status).toBe(409);
    await pay({ va_number: f.charge.va_number });
    await settled();
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${f.parentToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await newParent(t);
    expect((await call(t.app, { method: 'GET', url, token: other.token })).status).toBe(404);
  });
});

describe('school information system', () => {
  it('hands the paid registrants over as a file, and only the paid ones', async () => {
    const paid = await chargedBill(64_000, 'bni');
    await pay({ va_number: paid.charge.va_number });
    await settled();
    const unpaid = await billFixture(t, t.admin, { cost: 64_000, is_submit: true });
    const number = async (registrantId: number) =>
      (
        await t.ownerPool.query<{ n: string }>(
          'SELECT registration_number AS n FROM registrants WHERE id = $1',
          [registrantId],
        )
      ).rows[0]!.n;
    const res = await t.app.inject({
      method: 'GET',
      url: api('/registrant_header_payments/send_data_to_dapodik?format=csv'),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(await number(paid.registrantId));
    expect(res.body).not.toContain(await number(unpaid.registrantId));
    const bad = await call(t.app, {
      method: 'GET',
      url: api('/registrant_header_payments/send_data_to_Bad-Name'),
      token: t.admin,
    });
    expect(bad.status).toBe(400);
  });
});
