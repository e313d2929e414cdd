import { OFFER_MESSAGE_KINDS, paymentReceiptReference } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { remindDueOffers } from './jobs';
import { offerCalls, reRegistrationBill, resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(300_000);

/**
 * The families' offer messages through the outbox, in the texts staff edit: the reminders 3 days and 1 day
 * before the deadline and the re-registration with its receipt, each once per offer and kind.
 */
const t = appPerFile();
const PARENT_NAME = 'Ibu Uji';
const { publish, offerOf, sign } = offerCalls(t, PARENT_NAME);

/** The outbox rows of the offers, as (offer id, template) pairs with their texts. */
async function outbox(offerIds: number[]) {
  const { rows } = await t.ownerPool.query<{
    offer: number;
    template: string;
    subject: string;
    body: string;
  }>(
    `SELECT (data->>'offer_id')::int AS offer, template, subject, body FROM notifications
     WHERE data->>'offer_id' = ANY($1::text[]) ORDER BY id`,
    [offerIds.map(String)],
  );
  return rows;
}

const deadlineIn = (registrantId: number, interval: string) =>
  t.ownerPool.query(`UPDATE offers SET deadline_at = now() + $2::interval WHERE registrant_id = $1`, [
    registrantId,
    interval,
  ]);

async function setup() {
  const p = await openPeriod(t, { quota: 50 });
  return { p, s: await resultStatuses(t, p.tenant_id) };
}

describe('offer messages', () => {
  it('staff read every offer text and save their own; an unknown placeholder is refused by name', async () => {
    const list = await call(t.app, {
      method: 'GET',
      url: api('/registrants/offers/templates'),
      token: t.admin,
    });
    expect(list.status).toBe(200);
    expect((list.body.data as { kind: string }[]).map((x) => x.kind)).toEqual([...OFFER_MESSAGE_KINDS]);
    const put = (kind: string, body: string) =>
      call(t.app, {
        method: 'PUT',
        url: api(`/registrants/offers/templates/${kind}`),
        token: t.admin,
        payload: { subject: 'Kursi untuk {nama}', body },
      });
    const bad = await put('offer_opened', 'Batas: {tenggat}');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.body).toContain('{tenggat}');
    expect((await put('offer_lain', 'Halo')).status).toBe(400);
    expect((await put('offer_opened', 'Halo {nama_orang_tua}, batas {batas}.')).status).toBe(200);

    const { p, s } = await setup();
    const a = await verifiedRegistrant(t, p);
    await publish(a.id, s.accepted.id);
    const offer = (await offerOf(a)).offer!;
    const [opened] = await outbox([offer.id]);
    expect(opened).toMatchObject({
      template: 'offer_opened',
      subject: `Kursi untuk ${offer.name}`,
      body: expect.stringMatching(
        new RegExp(`^Halo ${PARENT_NAME}, batas \\d{1,2} \\S+ \\d{4} 23\\.59 WIB\\.$`),
      ),
    });
  });

  it('reminds 3 days and 1 day before the deadline, once per offer and kind, never for an answered offer', async () => {
    const { p, s } = await setup();
    const [a, b, c, d] = [
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
    ];
    for (const r of [a, b, c, d]) await publish(r.id, s.accepted.id);
    const ids = [];
    for (const r of [a, b, c, d]) ids.push((await offerOf(r)).offer!.id);
    await deadlineIn(a.id, '2 days 5 hours');
    await deadlineIn(b.id, '5 hours');
    await deadlineIn(d.id, '5 hours');
    expect((await sign(d)).status).toBe(200);

    await remindDueOffers(t.pool, p.tenant_id);
    await remindDueOffers(t.pool, p.tenant_id);
    const reminders = (await outbox(ids)).filter((m) => m.template.startsWith('offer_due'));
    expect(reminders.map((m) => [m.offer, m.template])).toEqual([
      [ids[0], 'offer_due_3'],
      [ids[1], 'offer_due_1'],
    ]);
    expect(reminders[0]!.body).toContain('berakhir dalam tiga hari');
    expect(reminders[1]!.body).toContain('berakhir besok');

    // The same offer a day later: the 1-day reminder, once.
    await deadlineIn(a.id, '20 hours');
    await remindDueOffers(t.pool, p.tenant_id);
    await remindDueOffers(t.pool, p.tenant_id);
    const all = (await outbox([ids[0]!])).filter((m) => m.template.startsWith('offer_due'));
    expect(all.map((m) => m.template)).toEqual(['offer_due_3', 'offer_due_1']);
  });

  it('a re-registration sends its message with the receipt numbers, once', async () => {
    const { p, s } = await setup();
    const a = await verifiedRegistrant(t, p);
    const { billId, installmentId } = await reRegistrationBill(t, a, p.tenant_id);
    await publish(a.id, s.accepted.id);
    const offer = (await offerOf(a)).offer!;
    expect((await sign(a)).status).toBe(200);
    await remindDueOffers(t.pool, p.tenant_id);
    expect((await outbox([offer.id])).map((m) => m.template)).not.toContain('offer_re_registered');

    const paid = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/approve_payment/${billId}`),
      token: t.admin,
      payload: { method: 'cash', reason: 'Dibayar tunai di kantor' },
    });
    expect(paid.status).toBe(200);
    await remindDueOffers(t.pool, p.tenant_id);
    await remindDueOffers(t.pool, p.tenant_id);
    const done = (await outbox([offer.id])).filter((m) => m.template === 'offer_re_registered');
    expect(done).toHaveLength(1);
    expect(done[0]!.body).toContain(
      `Nomor bukti pembayaran: ${paymentReceiptReference(offer.registration_number!, installmentId)}.`,
    );
  });
});
