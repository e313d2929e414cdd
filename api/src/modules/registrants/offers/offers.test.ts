import { OFFER_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { drawnText } from '../../../../test/pdf-text';
import { expireDueOffers } from './jobs';
import { offerCalls, reRegistrationBill, resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(300_000);

/**
 * Offers of a seat through HTTP: the deadline, signing before paying, declining, expiry, and the reserve list
 * refilling freed seats in rank order — also under 50 declines at once.
 */
const t = appPerFile();
const PARENT_NAME = 'Ibu Uji';

type Period = Awaited<ReturnType<typeof openPeriod>>;
type Registrant = Awaited<ReturnType<typeof verifiedRegistrant>>;

const { publish, offerOf, sign, decline } = offerCalls(t, PARENT_NAME);

const charge = (r: Registrant, installmentId: number) =>
  call(t.app, {
    method: 'POST',
    url: api(`/registrant_payment/${r.id}/charge`),
    token: r.parent.token,
    payload: { installment_id: installmentId, channel: 'bca' },
  });

const registrantStatus = async (id: number) =>
  (await t.ownerPool.query<{ status: string }>('SELECT status FROM registrants WHERE id = $1', [id])).rows[0]!
    .status;

/** `n` more verified registrants of the same parent in the registrant's period and class (copies of its row). */
async function copiesOf(r: Registrant, n: number) {
  const { rows: cols } = await t.ownerPool.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_name = 'registrants' AND table_schema = 'public' AND column_name NOT IN ('id', 'registration_number', 'token_id')
       AND is_generated = 'NEVER'`,
  );
  const list = cols.map((c) => `"${c.name}"`).join(', ');
  const { rows } = await t.ownerPool.query<{ id: number }>(
    `INSERT INTO registrants (${list}, registration_number)
     SELECT ${list}, registration_number || '-' || g FROM registrants, generate_series(1, $2) g WHERE id = $1
     ORDER BY g RETURNING id`,
    [r.id, n],
  );
  return rows.map((x) => x.id);
}

async function setup() {
  const p: Period = await openPeriod(t, { quota: 500 });
  const s = await resultStatuses(t, p.tenant_id);
  return { p, s };
}

describe('offers', () => {
  it('an acceptance is an offer with a deadline; the bill is paid only after the agreement is signed', async () => {
    const { p, s } = await setup();
    const r = await verifiedRegistrant(t, p);
    const { installmentId: installment } = await reRegistrationBill(t, r, p.tenant_id);
    await publish(r.id, s.accepted.id);

    const seen = await offerOf(r);
    expect(seen.offer).toMatchObject({ state: 'open', view_state: 'open' });
    const { rows } = await t.ownerPool.query<{ ok: boolean; wib: string }>(
      `SELECT to_char(deadline_at AT TIME ZONE 'Asia/Jakarta', 'HH24:MI') AS wib,
         (deadline_at AT TIME ZONE 'Asia/Jakarta')::date = (now() AT TIME ZONE 'Asia/Jakarta')::date + 14 AS ok
       FROM offers WHERE registrant_id = $1`,
      [r.id],
    );
    expect(rows[0]).toEqual({ ok: true, wib: '23:59' });
    expect(seen.agreement?.text).toContain(PARENT_NAME);

    // Before the signature: staff may check the text (marked unsigned); the parent has nothing to download.
    const draft = await t.app.inject({
      method: 'GET',
      url: api(`/registrants/offers/${r.id}/agreement`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(draft.statusCode).toBe(200);
    expect(drawnText(draft.rawPayload)).toContain('Belum ditandatangani.');
    const none = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/offer/${r.id}/agreement`),
      token: r.parent.token,
    });
    expect([none.status, none.body.message]).toEqual([409, OFFER_MSG.noAgreement]);

    // No charge before the signature.
    const early = await charge(r, installment);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(OFFER_MSG.notSigned);
    // The typed name must be the parent's, and the consent given.
    expect((await sign(r, 'Orang Lain')).status).toBe(400);
    expect((await sign(r, PARENT_NAME, false)).status).toBe(400);
    expect((await sign(r, '  ibu   uji ')).status).toBe(200);
    expect((await offerOf(r)).offer).toMatchObject({ state: 'accepted', signed_by: 'ibu uji' });
    expect((await charge(r, installment)).status).toBe(200);
    // Signed but unpaid: still accepted, not yet re-registered.
    expect(await registrantStatus(r.id)).toBe('accepted');

    // The signed agreement, with the signature record and the text's hash, for the parent and for staff.
    const { rows: sig } = await t.ownerPool.query<{ text_sha256: string; ip: string }>(
      'SELECT text_sha256, ip FROM offer_signatures s JOIN offers o ON o.id = s.offer_id WHERE o.registrant_id = $1',
      [r.id],
    );
    for (const [url, token] of [
      [`/registrant/offer/${r.id}/agreement`, r.parent.token],
      [`/registrants/offers/${r.id}/agreement`, t.admin],
    ] as const) {
      const pdf = await t.app.inject({
        method: 'GET',
        url: api(url),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pdf.statusCode).toBe(200);
      const text = drawnText(pdf.rawPayload);
      expect(text).toContain('PERJANJIAN DAFTAR ULANG');
      expect(text).toContain(sig[0]!.text_sha256);
      expect(text).toContain('Ditandatangani oleh: ibu uji');
      expect(text).toContain(`Alamat IP: ${sig[0]!.ip}`);
    }
    // Another family's registrant: not found.
    const other = await verifiedRegistrant(t, p);
    const foreign = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/offer/${r.id}/agreement`),
      token: other.parent.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses an answer after the deadline; staff extend it and the family is told', async () => {
    const { p, s } = await setup();
    const r = await verifiedRegistrant(t, p);
    await publish(r.id, s.accepted.id);
    await t.ownerPool.query(
      `UPDATE offers SET deadline_at = now() - interval '1 minute' WHERE registrant_id = $1`,
      [r.id],
    );
    const late = await sign(r);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(OFFER_MSG.pastDeadline);

    const offer = (await offerOf(r)).offer!;
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const extended = await call(t.app, {
      method: 'POST',
      url: api('/registrants/offers/extend'),
      token: t.admin,
      payload: { offer_ids: [offer.id], deadline: day },
    });
    expect(extended.status).toBe(200);
    const again = await call(t.app, {
      method: 'POST',
      url: api('/registrants/offers/extend'),
      token: t.admin,
      payload: { offer_ids: [offer.id], deadline: '2020-01-01' },
    });
    expect(again.status).toBe(400);
    const { rows } = await t.ownerPool.query(
      `SELECT (SELECT count(*)::int FROM notifications WHERE template = 'offer_extended' AND data->>'offer_id' = $2) AS told,
              (SELECT count(*)::int FROM audit_log WHERE action = 'offer_extended' AND record_id = $1) AS audited`,
      [offer.id, String(offer.id)],
    );
    expect(rows[0]).toEqual({ told: 1, audited: 1 });
    expect((await sign(r)).status).toBe(200);
  });

  it('a declined or expired offer gives the seat to the next reserve registrant, who sees the offer', async () => {
    const { p, s } = await setup();
    const [a, b, x, y, z] = [
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
    ];
    await publish(a.id, s.accepted.id);
    await publish(b.id, s.accepted.id);
    for (const r of [x, y, z]) await publish(r.id, s.reserve.id);
    expect((await offerOf(y)).reserve).toEqual({ rank: 2, held_by_open_offers: 2 });

    expect((await decline(a)).status).toBe(200);
    expect(await registrantStatus(a.id)).toBe('withdrawn');
    const xs = await offerOf(x);
    expect(xs.offer?.state).toBe('open');
    const { rows: regno } = await t.ownerPool.query(
      'SELECT registration_number FROM registrants WHERE id = $1',
      [a.id],
    );
    expect(xs.offer?.reason).toBe(
      `Ditawarkan karena kursi dari ${regno[0].registration_number} dilepas; peringkat cadangan 1`,
    );
    expect((await offerOf(y)).reserve?.rank).toBe(1);
    // A declined offer cannot be answered again.
    expect((await decline(a)).status).toBe(409);

    // Expiry by the job: exactly one seat freed, the next reserve offered.
    await t.ownerPool.query(
      `UPDATE offers SET deadline_at = now() - interval '1 minute' WHERE registrant_id = $1`,
      [b.id],
    );
    expect(await expireDueOffers(t.pool, p.tenant_id)).toBe(1);
    expect(await expireDueOffers(t.pool, p.tenant_id)).toBe(0);
    expect(await registrantStatus(b.id)).toBe('withdrawn');
    expect((await offerOf(y)).offer?.state).toBe('open');
    expect(await registrantStatus(z.id)).toBe('reserve');
    const { rows: history } = await t.ownerPool.query(
      `SELECT reason, detail FROM registrant_status_history WHERE registrant_id = $1 AND action = 'accept'`,
      [y.id],
    );
    expect(history[0].reason).toContain('peringkat cadangan 2');
    expect(history[0].detail).toMatchObject({ rule: 'refill', reserve_rank: 2 });
  });

  it('with "staff confirm" a freed seat waits for staff', async () => {
    const { p, s } = await setup();
    const put = await call(t.app, {
      method: 'PUT',
      url: api('/registrants/offers/settings'),
      token: t.admin,
      payload: { school_period_id: p.periodId, deadline_days: 3, refill: 'staff' },
    });
    expect(put.status).toBe(200);
    const [a, x] = [await verifiedRegistrant(t, p), await verifiedRegistrant(t, p)];
    await publish(a.id, s.accepted.id);
    await publish(x.id, s.reserve.id);
    expect((await decline(a)).status).toBe(200);
    expect(await registrantStatus(x.id)).toBe('reserve');
    const list = await call(t.app, {
      method: 'GET',
      url: api(`/registrants/offers?school_period_id=${p.periodId}`),
      token: t.admin,
    });
    expect(list.body.counts).toMatchObject({ declined: 1, open: 0 });
    expect(list.body.settings).toEqual({ deadline_days: 3, refill: 'staff' });
  });

  it('50 declines at once give exactly 50 offers to the next 50 reserve registrants, in rank order', async () => {
    const { p, s } = await setup();
    const first = await verifiedRegistrant(t, p);
    const ids = [first.id, ...(await copiesOf(first, 104))];
    const accepted = ids.slice(0, 50);
    const reserve = ids.slice(50);
    for (const id of accepted) await publish(id, s.accepted.id);
    for (const id of reserve) await publish(id, s.reserve.id);

    const answers = await Promise.all(accepted.map((id) => decline({ id, parent: first.parent })));
    expect(answers.map((a) => a.status)).toEqual(accepted.map(() => 200));

    const { rows } = await t.ownerPool.query<{
      registrant_id: number;
      reserve_rank: number;
      released: number;
    }>(
      `SELECT registrant_id, reserve_rank, released_registrant_id AS released FROM offers
       WHERE school_period_id = $1 AND state = 'open' ORDER BY reserve_rank`,
      [p.periodId],
    );
    expect(rows.map((r) => r.registrant_id)).toEqual(reserve.slice(0, 50));
    expect(rows.map((r) => r.reserve_rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.released))).toEqual(new Set(accepted));
    const { rows: left } = await t.ownerPool.query<{ id: number }>(
      `SELECT id FROM registrants WHERE school_period_id = $1 AND status = 'reserve' ORDER BY reserve_rank`,
      [p.periodId],
    );
    expect(left.map((r) => r.id)).toEqual(reserve.slice(50));
  });
});
