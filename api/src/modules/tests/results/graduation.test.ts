import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { registrantRow, resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(180_000);

const t = appPerFile({ withJobs: true });

/**
 * Every GET a parent can call (access 'user') that takes at most the registrant's or the parent's own id: the
 * whole surface through which a parent reads registrant data, taken from the routes themselves so that a new
 * endpoint is walked too.
 */
function parentGets(registrantId: number, userId: number) {
  return t.app.routeAccess
    .filter((r) => r.method === 'GET' && r.access === 'user')
    .map((r) =>
      r.url
        .replace(/^\/api\/v1\/registrant\/user\/:id/, `/api/v1/registrant/user/${userId}`)
        .replace(/:id\b/, String(registrantId))
        .replace(/:[a-z_]+/g, '1'),
    );
}

describe('an unpublished result', () => {
  it('is invisible to the parent on every parent endpoint, and visible with its letter once published', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const r = await verifiedRegistrant(t, p);
    const note = 'CATATAN-KELULUSAN-RAHASIA';
    const draft = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/result/${r.id}`),
      token: t.admin,
      payload: { mst_accepted_status_id: s.accepted.id, result_note: note },
    });
    expect(draft.status).toBe(200);
    expect((await registrantRow(t, r.id)).status).toBe('verified');

    const urls = parentGets(r.id, r.userId);
    for (const must of [
      '/registrants',
      `/registrant/${r.id}`,
      `/registrant/graduation/${r.id}`,
      '/dashboard',
    ])
      expect(urls.some((u) => u.startsWith(api(must)))).toBe(true);
    let answered = 0;
    for (const url of urls) {
      const res = await call(t.app, { method: 'GET', url, token: r.parent.token });
      expect([url, res.status < 500]).toEqual([url, true]);
      if (res.status === 200) answered++;
      const body = res.raw;
      expect([url, body.includes(s.accepted.name) || body.includes(note)]).toEqual([url, false]);
      expect([url, /"status":"accepted"/.test(body)]).toEqual([url, false]);
    }
    expect(answered).toBeGreaterThan(3);
    const view = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${r.id}`),
      token: r.parent.token,
    });
    expect(view.body.data).toEqual({ published: false, result: null, bills: [] });
    for (const doc of ['letter', 'spotc', 'result_card'])
      expect(
        (
          await call(t.app, {
            method: 'GET',
            url: api(`/registrant/graduation/${r.id}/${doc}`),
            token: r.parent.token,
          })
        ).status,
      ).toBe(404);

    // Staff may print the letter with the draft to check it before publishing.
    const staffDraft = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${r.id}/letter`),
      token: t.admin,
    });
    expect(staffDraft.status).toBe(200);

    const pub = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/publish/${r.id}`),
      token: t.admin,
      payload: {},
    });
    expect(pub.status).toBe(200);
    const row = await registrantRow(t, r.id);
    expect(row.status).toBe('accepted');
    expect(row.result_published_at).not.toBeNull();
    const seen = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${r.id}`),
      token: r.parent.token,
    });
    expect(seen.body.data).toMatchObject({
      published: true,
      result: { kind: 'accepted', status_name: s.accepted.name, note },
    });
    const letter = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${r.id}/letter`),
      token: r.parent.token,
    });
    expect(letter.status).toBe(200);
    expect(letter.headers['content-type']).toContain('application/pdf');
    expect(letter.raw.slice(0, 5)).toBe('%PDF-');
    const spotc = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${r.id}/spotc`),
      token: r.parent.token,
    });
    expect(spotc.status).toBe(200);
    // Another parent sees nothing of it.
    const other = await verifiedRegistrant(t, p);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/registrant/graduation/${r.id}`),
          token: other.parent.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/registrant/graduation/${r.id}/letter`),
          token: other.parent.token,
        })
      ).status,
    ).toBe(404);

    const { rows } = await t.ownerPool.query(
      "SELECT subject, body FROM notifications WHERE user_id = $1 AND template = 'graduation'",
      [r.userId],
    );
    expect(rows).toHaveLength(1);
    // Publishing again writes no second message and changes nothing.
    await call(t.app, {
      method: 'POST',
      url: api(`/registrant/publish/${r.id}`),
      token: t.admin,
      payload: {},
    });
    const again = await t.ownerPool.query(
      "SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND template = 'graduation'",
      [r.userId],
    );
    expect(again.rows[0].n).toBe(1);
  });
});

describe('re-registration', () => {
  it('re-registers an accepted registrant once every fee shown with the result is paid and the agreement signed', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const r = await verifiedRegistrant(t, p);
    const fee = async (cost: number) => {
      // A payment type of its own per fee (a registrant has one bill per type), as the fee setup would make it.
      const { rows } = await t.ownerPool.query(
        'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
        [p.tenant_id, `Daftar Ulang ${cost}`],
      );
      const typeId = rows[0].id as number;
      const res = await call(t.app, {
        method: 'POST',
        url: api(`/registrant/payment/${r.id}`),
        token: t.admin,
        payload: { mst_type_payment_id: typeId, cost, is_submit: true, show_at_graduation: true },
      });
      expect([res.status, res.body.message]).toEqual([201, undefined]);
      return (res.body.data as { id: number }).id;
    };
    const [first, second] = [await fee(1_500_000), await fee(500_000)];
    const approve = (billId: number) =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant_header_payments/approve_payment/${billId}`),
        token: t.admin,
        payload: { method: 'cash', reason: 'Daftar ulang di kantor' },
      });
    await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/result/${r.id}`),
      token: t.admin,
      payload: { mst_accepted_status_id: s.accepted.id },
    });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: api(`/registrant/publish/${r.id}`),
          token: t.admin,
          payload: {},
        })
      ).status,
    ).toBe(200);

    expect((await approve(first)).status).toBe(200);
    expect((await registrantRow(t, r.id)).status).toBe('accepted');
    expect((await approve(second)).status).toBe(200);
    // Paid at the office, but the enrolment agreement is not signed yet.
    expect((await registrantRow(t, r.id)).status).toBe('accepted');
    const signed = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/offer/${r.id}/sign`),
      token: r.parent.token,
      payload: { full_name: 'Ibu Uji', consent: true },
    });
    expect(signed.status).toBe(200);
    expect((await registrantRow(t, r.id)).status).toBe('re_registered');
    const { rows } = await t.ownerPool.query(
      'SELECT action, from_status, to_status FROM registrant_status_history WHERE registrant_id = $1 ORDER BY id',
      [r.id],
    );
    expect(rows.at(-1)).toEqual({
      action: 're_register',
      from_status: 'accepted',
      to_status: 're_registered',
    });
    expect(rows.filter((h) => h.action === 're_register')).toHaveLength(1);
  });
});
