import { OFFER_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { expireDueOffers } from './jobs';
import { offerCalls, resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(300_000);

/**
 * Staff re-issue expired offers (one or many) and remind the families of open ones, through HTTP: a re-issued
 * offer can be accepted; only expired offers are re-issued, and only while their seat is still free.
 */
const t = appPerFile();
const PARENT_NAME = 'Ibu Uji';
const { publish, offerOf, sign } = offerCalls(t, PARENT_NAME);

const staffPost = (path: string, offerIds: number[], token = t.admin) =>
  call(t.app, {
    method: 'POST',
    url: api(`/registrants/offers/${path}`),
    token,
    payload: { offer_ids: offerIds },
  });

/** The registrant's offer is made to run out, and the expiry job runs. */
async function expire(registrantIds: number[], tenantId: number) {
  await t.ownerPool.query(
    `UPDATE offers SET deadline_at = now() - interval '1 minute' WHERE registrant_id = ANY($1::int[])`,
    [registrantIds],
  );
  expect(await expireDueOffers(t.pool, tenantId)).toBe(registrantIds.length);
}

const counted = async (sql: string, params: unknown[]) =>
  (await t.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

async function setup() {
  const p = await openPeriod(t, { quota: 50 });
  return { p, s: await resultStatuses(t, p.tenant_id) };
}

describe('re-issue and remind', () => {
  it('a re-issued expired offer is open again with a new deadline, told, audited, and can be accepted', async () => {
    const { p, s } = await setup();
    const [a, b] = [await verifiedRegistrant(t, p), await verifiedRegistrant(t, p)];
    await publish(a.id, s.accepted.id);
    await publish(b.id, s.accepted.id);
    const offerA = (await offerOf(a)).offer!.id;
    const offerB = (await offerOf(b)).offer!.id;

    // Not expired yet: refused, and nothing moves (all or none).
    const early = await staffPost('reissue', [offerA]);
    expect([early.status, early.body.message]).toEqual([409, OFFER_MSG.notExpired]);

    await expire([a.id, b.id], p.tenant_id);
    expect((await offerOf(a)).offer?.state).toBe('expired');
    // One of the chosen still open (none here) or unknown: an unknown id is 404 and nothing moves.
    expect((await staffPost('reissue', [offerA, 999_999_999])).status).toBe(404);

    const res = await staffPost('reissue', [offerA, offerB]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${OFFER_MSG.reissued} (2 penawaran)`);
    const seen = await offerOf(a);
    expect(seen.offer).toMatchObject({
      state: 'open',
      reason: 'Penawaran kursi diterbitkan ulang oleh sekolah.',
    });
    expect(new Date(seen.offer!.deadline_at).getTime()).toBeGreaterThan(Date.now());
    expect(seen.agreement?.text).toContain(PARENT_NAME);
    const { rows } = await t.ownerPool.query(
      `SELECT r.status, r.deleted_at, r.withdrawn_at,
         (SELECT count(*)::int FROM notifications WHERE template = 'offer_reissued' AND data->>'offer_id' = $2) AS told,
         (SELECT count(*)::int FROM audit_log WHERE action = 'offer_reissued' AND record_id = $3) AS audited,
         (SELECT count(*)::int FROM registrant_status_history
           WHERE registrant_id = r.id AND action = 'reissue_offer' AND from_status = 'withdrawn'
             AND to_status = 'accepted') AS history
       FROM registrants r WHERE r.id = $1`,
      [a.id, String(offerA), offerA],
    );
    expect(rows[0]).toEqual({
      status: 'accepted',
      deleted_at: null,
      withdrawn_at: null,
      told: 1,
      audited: 1,
      history: 1,
    });

    // The family accepts the re-issued seat; an open or accepted offer cannot be re-issued.
    expect((await sign(a)).status).toBe(200);
    expect(await counted('registrants WHERE id = $1 AND status = $2', [a.id, 're_registered'])).toBe(1);
    const again = await staffPost('reissue', [offerA]);
    expect([again.status, again.body.message]).toEqual([409, OFFER_MSG.notExpired]);

    // The dashboard's funnel counts the offers made and the re-registered.
    const board = await call(t.app, {
      method: 'GET',
      url: api(`/report/dashboard?school_period_id=${p.periodId}`),
      token: t.admin,
    });
    expect((board.body.data as { funnel: unknown[] }).funnel[0]).toMatchObject({
      offered: 2,
      statuses: expect.objectContaining({ re_registered: 1, accepted: 1 }),
    });
    // The offers report: one row per offer in its state, counted, and a download with the fixed name.
    const report = await call(t.app, {
      method: 'GET',
      url: api(`/report/offers_report?school_period_id=${p.periodId}`),
      token: t.admin,
    });
    const data = report.body.data as { rows: Record<string, unknown>[]; totals: Record<string, number> };
    expect(data.totals.offers).toBe(2);
    expect(data.rows.map((r) => r.state_label).sort()).toEqual(['Menunggu jawaban', 'Terdaftar ulang']);
    const file = await t.app.inject({
      method: 'GET',
      url: api(`/report/offers_report/export?format=xlsx&school_period_id=${p.periodId}`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Laporan Penawaran Kursi.xlsx');
  });

  it('an expired offer whose seat went to the reserve list is not re-issued', async () => {
    const { p, s } = await setup();
    const [a, x] = [await verifiedRegistrant(t, p), await verifiedRegistrant(t, p)];
    await publish(a.id, s.accepted.id);
    await publish(x.id, s.reserve.id);
    await expire([a.id], p.tenant_id);
    expect((await offerOf(x)).offer?.state).toBe('open');
    const offerA = (await offerOf(a)).offer!.id;
    const res = await staffPost('reissue', [offerA]);
    expect([res.status, res.body.message]).toEqual([409, OFFER_MSG.seatTaken]);
    expect(await counted('registrants WHERE id = $1 AND status = $2', [a.id, 'withdrawn'])).toBe(1);
  });

  it('a re-issued offer that expires again frees its seat to the reserve list', async () => {
    const { p, s } = await setup();
    const a = await verifiedRegistrant(t, p);
    await publish(a.id, s.accepted.id);
    await expire([a.id], p.tenant_id);
    expect((await staffPost('reissue', [(await offerOf(a)).offer!.id])).status).toBe(200);
    // A reserve registrant arrives after the re-issue; the second expiry gives them the seat.
    const x = await verifiedRegistrant(t, p);
    await publish(x.id, s.reserve.id);
    await expire([a.id], p.tenant_id);
    expect((await offerOf(x)).offer?.state).toBe('open');
  });

  it('staff remind open offers once a day; a closed offer refuses the reminder', async () => {
    const { p, s } = await setup();
    const [a, b] = [await verifiedRegistrant(t, p), await verifiedRegistrant(t, p)];
    await publish(a.id, s.accepted.id);
    await publish(b.id, s.accepted.id);
    const ids = [(await offerOf(a)).offer!.id, (await offerOf(b)).offer!.id];
    const first = await staffPost('remind', ids);
    expect([first.status, first.body.message]).toEqual([200, `${OFFER_MSG.reminded} (2 keluarga)`]);
    const second = await staffPost('remind', ids);
    expect(second.body.message).toBe(`${OFFER_MSG.reminded} (0 keluarga)`);
    expect(
      await counted(
        `notifications WHERE template = 'offer_reminder' AND data->>'offer_id' = ANY($1::text[])`,
        [ids.map(String)],
      ),
    ).toBe(2);
    expect(
      await counted(`audit_log WHERE action = 'offer_reminded' AND record_id = ANY($1::int[])`, [ids]),
    ).toBe(2);
    expect((await sign(a)).status).toBe(200);
    const closed = await staffPost('remind', ids);
    expect([closed.status, closed.body.message]).toEqual([409, OFFER_MSG.notOpenToRemind]);
    // Bad input is a 400 in Indonesian.
    const empty = await staffPost('remind', []);
    expect([empty.status, empty.body.errors?.offer_ids]).toEqual([400, 'Pilih penawaran.']);
  });

  it('a parent cannot re-issue or remind', async () => {
    const { p, s } = await setup();
    const a = await verifiedRegistrant(t, p);
    await publish(a.id, s.accepted.id);
    const id = (await offerOf(a)).offer!.id;
    expect((await staffPost('remind', [id], a.parent.token)).status).toBe(403);
    expect((await staffPost('reissue', [id], a.parent.token)).status).toBe(403);
  });
});
