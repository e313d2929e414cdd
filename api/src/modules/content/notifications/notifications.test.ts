import crypto from 'node:crypto';
import { appPerFile } from '../../../../test/app-per-file';
import { call, DEMO_PASSWORD, tokenFor } from '../../../../test/helpers';
import { finishedJob } from '../../../../test/jobs';
import { demo } from '../../../../test/parent-journey';
import { kyselyOnPool } from '../../../db/kysely';
import { createWhatsAppSimulator } from '../../../integrations/whatsapp';

jest.setTimeout(120_000);

const sim = createWhatsAppSimulator();
let parent: string;
const DEMO_PARENT_WA = '6281234567890';

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const key = () => crypto.randomUUID();

/** Status counts of one job's messages, read as the owner (no tenant binding needed). */
async function statusCounts(jobId: number) {
  const { rows } = await t.ownerPool.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM notifications WHERE job_id = $1 GROUP BY status',
    [jobId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

const t = appPerFile({ withJobs: true, whatsappSimulator: sim, delivery: { retryBaseMs: 100 } });
beforeAll(async () => {
  await demo(t);
  parent = await tokenFor(t.app, 'orangtua@demo.sch.id', 'user', DEMO_PASSWORD);
});
beforeEach(() => {
  sim.failWith = null;
  sim.latencyMs = 0;
});

describe('templates', () => {
  const url = '/api/v1/config/notification_template/test_schedule';

  it('refuses an unknown placeholder, naming it', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url,
      token: t.admin,
      payload: { subject: 'Jadwal {nama}', body: 'Nilai {nilai} pada {tanggal} di {ruang_tes}.' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('{nilai}');
    expect(res.body.message).toContain('{ruang_tes}');
    expect(res.body.errors?.body).toContain('{nilai}');
    expect((await call(t.app, { method: 'GET', url, token: t.admin })).body.data).toMatchObject({
      is_default: true,
    });
  });

  it('saves a template with known placeholders', async () => {
    const tpl = {
      subject: 'Jadwal Tes {nama}',
      body: 'Tes {nama} ({no_pendaftaran}) di {sekolah}: {tanggal}.',
    };
    const res = await call(t.app, { method: 'PUT', url, token: t.admin, payload: tpl });
    expect(res.status).toBe(200);
    const got = await call(t.app, { method: 'GET', url, token: t.admin });
    expect(got.body.data).toMatchObject({ ...tpl, is_default: false });
  });

  it('is staff only', async () => {
    expect((await call(t.app, { method: 'GET', url, token: parent })).status).toBe(403);
  });
});

describe('sending to an audience', () => {
  it('previews, sends as a job, and the parent reads it in the app', async () => {
    const d = await demo(t);
    const audience = {
      school_id: d.sd,
      status: 'all',
      tanggal: '2026-12-07',
      keterangan: 'Bawa alat tulis.',
    };
    const preview = await call(t.app, {
      method: 'POST',
      url: '/api/v1/config/send_notification/preview',
      token: t.admin,
      payload: audience,
    });
    expect(preview.status).toBe(200);
    const p = preview.body.data as { count: number; samples: { body: string; channel: string }[] };
    expect(p.count).toBe(1);
    expect(p.samples[0]!.body).toContain('Senin, 7 Desember 2026');
    expect(p.samples[0]!.body).not.toMatch(/\{[a-z_]+\}/);
    expect(p.samples[0]!.channel).toBe('whatsapp');

    const request_key = key();
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/v1/config/send_notification',
      token: t.admin,
      payload: { ...audience, request_key },
    });
    expect(sent.status).toBe(202);
    const { job_id, count } = sent.body.data as { job_id: number; count: number };
    expect(count).toBe(1);
    await until('delivery', async () => (await statusCounts(job_id)).sent === 1);
    expect(sim.sent.filter((s) => s.request.body.to === DEMO_PARENT_WA).at(-1)?.request.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'text',
    });

    // The same request again starts nothing new.
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/config/send_notification',
      token: t.admin,
      payload: { ...audience, request_key },
    });
    expect(again.body.data).toEqual({ job_id, count: 1 });

    expect(await finishedJob(t, job_id)).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0 });

    const inbox = await call(t.app, { method: 'GET', url: '/api/v1/notifications', token: parent });
    const box = inbox.body.data as {
      unread: number;
      messages: { id: number; body: string; read: boolean }[];
    };
    expect(box.unread).toBeGreaterThanOrEqual(1);
    expect(box.messages[0]!.body).toContain('Senin, 7 Desember 2026');
    const read = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/notifications/read',
      token: parent,
      payload: {},
    });
    expect(read.status).toBe(200);
    const after = await call(t.app, { method: 'GET', url: '/api/v1/notifications', token: parent });
    expect((after.body.data as { unread: number }).unread).toBe(0);
  });

  it('refuses a bad filter with an Indonesian message', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/config/send_notification/preview',
      token: t.admin,
      payload: { status: 'semua', school_id: '0x10' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});

describe('a WhatsApp message that cannot be delivered', () => {
  it('is retried with backoff, then logged as failed with the reason', async () => {
    sim.failWith = (req) => (req.body.to === DEMO_PARENT_WA ? 'Nomor tidak terdaftar di WhatsApp' : null);
    const before = sim.sent.length;
    const d = await demo(t);
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/v1/config/send_notification/graduation',
      token: t.admin,
      payload: { school_id: d.sd, status: 'all', request_key: key() },
    });
    expect(sent.status).toBe(202);
    const { job_id } = sent.body.data as { job_id: number };
    await until('final failure', async () => (await statusCounts(job_id)).failed === 1);
    const tries = sim.sent.slice(before).filter((s) => s.request.body.to === DEMO_PARENT_WA);
    expect(tries).toHaveLength(3);
    expect(tries.every((s) => s.response.status === 400)).toBe(true);

    const log = await call(t.app, {
      method: 'GET',
      url: `/api/v1/notifications/log?job_id=${job_id}`,
      token: t.admin,
    });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 3,
        channel: 'whatsapp',
        last_error: expect.stringContaining('Nomor tidak terdaftar di WhatsApp'),
      }),
    ]);
    const { rows } = await t.ownerPool.query(
      `SELECT a.attempt, a.outcome, a.error FROM notification_attempts a
       JOIN notifications n ON n.tenant_id = a.tenant_id AND n.id = a.notification_id
       WHERE n.job_id = $1 ORDER BY a.attempt`,
      [job_id],
    );
    expect(rows.map((r) => [r.attempt, r.outcome])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
    expect(await finishedJob(t, job_id)).toMatchObject({ status: 'done', failed: 1 });
  });
});

describe('an empty audience', () => {
  it('writes no message and its job is done at once', async () => {
    const db = kyselyOnPool(t.ownerPool);
    const before = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/config/send_notification',
      token: t.admin,
      payload: { status: 'all', school_id: 999999, request_key: key() },
    });
    expect(res.status).toBe(202);
    expect((res.body.data as { count: number }).count).toBe(0);
    const after = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const jobs = await call(t.app, { method: 'GET', url: '/api/v1/jobs', token: t.admin });
    const { job_id } = res.body.data as { job_id: number };
    expect((jobs.body.data as { id: number }[]).find((j) => j.id === job_id)).toMatchObject({
      status: 'done',
      total: 0,
    });
  });
});
