import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newParent, newVoucher, openPeriod, redeem } from '../../../../test/parent-journey';
import { withTenantTx } from '../../../db/tenant-db';
import { kickDelivery, writeOutbox } from '../../content';

jest.setTimeout(120_000);

const t = appPerFile({ withJobs: true });

const consentOf = async (token: string) =>
  (await call(t.app, { method: 'GET', url: api('/me/consent'), token })).body.data as {
    current: { version: number; body: string } | null;
    accepted_version: number | null;
    needs_acceptance: boolean;
    optional: { promotional: boolean; photos: boolean };
  };

const newText = (body: string, token = t.admin) =>
  call(t.app, { method: 'POST', url: api('/privacy/consent_texts'), token, payload: { body } });

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('consent to the foundation’s text', () => {
  it('keeps every version, records registering and each registrant, and asks again after a new version', async () => {
    expect((await newText('  ')).status).toBe(400);
    expect((await newText('Versi pertama: data dipakai untuk penerimaan murid baru.')).status).toBe(201);

    const parent = await newParent(t);
    // Registering was agreeing to the text on the form.
    let mine = await consentOf(parent.token);
    expect(mine).toMatchObject({ accepted_version: 1, needs_acceptance: false });
    expect(mine.optional).toEqual({ promotional: false, photos: false });

    const p = await openPeriod(t);
    const made = await redeem(t, parent.token, {
      token: await newVoucher(t),
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
    });
    expect(made.status).toBe(201);
    const registrantId = (made.body.data as { id: number }).id;
    const { rows } = await t.ownerPool.query(
      `SELECT c.registrant_id, c.version, c.purpose, c.granted, c.ip, u.email
         FROM consents c JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
        WHERE u.email = $1 ORDER BY c.id`,
      [parent.email],
    );
    expect(rows).toEqual([
      {
        registrant_id: null,
        version: 1,
        purpose: 'processing',
        granted: true,
        ip: expect.any(String),
        email: parent.email,
      },
      {
        registrant_id: registrantId,
        version: 1,
        purpose: 'processing',
        granted: true,
        ip: expect.any(String),
        email: parent.email,
      },
    ]);

    expect((await newText('Versi kedua: juga untuk laporan ke dinas pendidikan.')).status).toBe(201);
    const texts = await call(t.app, { method: 'GET', url: api('/privacy/consent_texts'), token: t.admin });
    expect((texts.body.data as { version: number }[]).map((x) => x.version)).toEqual([2, 1]);

    mine = await consentOf(parent.token);
    expect(mine).toMatchObject({ accepted_version: 1, needs_acceptance: true, current: { version: 2 } });
    // Agreeing to a version the parent was not shown is refused.
    const stale = await call(t.app, {
      method: 'POST',
      url: api('/me/consent'),
      token: parent.token,
      payload: { version: 1 },
    });
    expect(stale.status).toBe(409);
    const ok = await call(t.app, {
      method: 'POST',
      url: api('/me/consent'),
      token: parent.token,
      payload: { version: 2 },
    });
    expect(ok.status).toBe(200);
    expect(await consentOf(parent.token)).toMatchObject({ accepted_version: 2, needs_acceptance: false });
  });

  it('lets only staff with Konfigurasi write the text', async () => {
    const parent = await newParent(t);
    expect((await newText('Teks dari orang tua', parent.token)).status).toBe(403);
    const reader = await t.staff([
      {
        mst_module_name: 'Konfigurasi',
        read_action: 1,
        insert_action: 0,
        update_action: 0,
        delete_action: 0,
      },
    ]);
    expect((await newText('Teks tanpa hak tambah', reader)).status).toBe(403);
  });
});

describe('optional consents', () => {
  it('start off, switch on and off, and a withdrawal stops promotional messages still waiting', async () => {
    const yes = await newParent(t);
    const no = await newParent(t);
    for (const who of [yes, no]) {
      const on = await call(t.app, {
        method: 'PUT',
        url: api('/me/consent/optional'),
        token: who.token,
        payload: { promotional: true },
      });
      expect(on.status).toBe(200);
      expect(on.body.data).toMatchObject({ optional: { promotional: true, photos: false } });
    }
    const off = await call(t.app, {
      method: 'PUT',
      url: api('/me/consent/optional'),
      token: no.token,
      payload: { promotional: false },
    });
    expect(off.body.data).toMatchObject({ optional: { promotional: false } });

    const { rows: users } = await t.ownerPool.query<{ id: number; tenant_id: number; email: string }>(
      'SELECT id, tenant_id, email FROM users WHERE email = ANY($1)',
      [[yes.email, no.email]],
    );
    const tenantId = users[0]!.tenant_id;
    await withTenantTx(
      t.pool,
      tenantId,
      async (c) => {
        for (const u of users)
          await writeOutbox(c, {
            userId: u.id,
            template: 'promotion',
            data: {},
            subject: 'Open house',
            body: 'Datang ke open house kami.',
            dedupKey: `promo-test:${u.id}`,
            promotional: true,
          });
      },
      null,
    );
    await kickDelivery(t.app.ctx.jobs, tenantId, 0);
    const final = async () =>
      (
        await t.ownerPool.query<{ email: string; status: string; last_error: string | null }>(
          `SELECT u.email, n.status, n.last_error FROM notifications n
             JOIN users u ON u.tenant_id = n.tenant_id AND u.id = n.user_id
            WHERE n.dedup_key LIKE 'promo-test:%' ORDER BY u.email`,
        )
      ).rows;
    await until('delivery', async () =>
      (await final()).every((r) => r.status === 'sent' || r.status === 'failed'),
    );
    const byEmail = new Map((await final()).map((r) => [r.email, r]));
    expect(byEmail.get(yes.email)).toMatchObject({ status: 'sent' });
    expect(byEmail.get(no.email)).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('promosi'),
    });
    const mails = await t.ownerPool.query('SELECT "to" FROM mail_outbox WHERE subject = $1', ['Open house']);
    expect(mails.rows.map((r) => r.to)).toEqual([yes.email]);
  });
});
