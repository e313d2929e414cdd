import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { finishedJob } from '../../../../test/jobs';
import { openPeriod } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';
import { registrantRow, resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(180_000);

const t = appPerFile({ withJobs: true });

describe('publishing', () => {
  it('refuses bad input with a 4xx and an Indonesian message, and a move the state does not allow', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const r = await verifiedRegistrant(t, p);
    const post = (url: string, payload: Record<string, unknown>) =>
      call(t.app, { method: 'POST', url: api(url), token: t.admin, payload });
    const noDraft = await post(`/registrant/publish/${r.id}`, {});
    expect(noDraft.status).toBe(400);
    expect(noDraft.body.message).toBe('Pilih status penerimaan terlebih dahulu.');
    expect((await post(`/registrant/publish/${r.id}`, { mst_accepted_status_id: 'abc' })).status).toBe(400);
    expect(
      (await post(`/registrant/publish/${r.id}`, { mst_accepted_status_id: s.accepted.id, x: 1 })).status,
    ).toBe(400);
    const missing = await post(`/registrant/publish/${r.id}`, { mst_accepted_status_id: 99_999_999 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Status penerimaan tidak ditemukan.');
    expect(
      (await post('/registrant/publish/99999999', { mst_accepted_status_id: s.accepted.id })).status,
    ).toBe(404);
    expect((await post('/registrant/publish/abc', {})).status).toBe(400);
    expect((await post('/registrant/bulk/publish', { ids: [] })).status).toBe(400);
    expect((await post('/registrant/bulk/publish', { ids: ['x'] })).status).toBe(400);

    expect(
      (await post(`/registrant/publish/${r.id}`, { mst_accepted_status_id: s.rejected.id })).status,
    ).toBe(200);
    expect((await registrantRow(t, r.id)).status).toBe('rejected');
    const change = await post(`/registrant/publish/${r.id}`, { mst_accepted_status_id: s.accepted.id });
    expect(change.status).toBe(409);
    expect(change.body.message).toMatch(/tidak dapat dilakukan/);
    const draftAfter = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/result/${r.id}`),
      token: t.admin,
      payload: { mst_accepted_status_id: s.accepted.id },
    });
    expect(draftAfter.status).toBe(409);
  });

  it('needs Kelulusan update, is refused to parents, and stays within the staff member school', async () => {
    const p = await openPeriod(t, { level: 'SD' });
    const s = await resultStatuses(t, p.tenant_id);
    const r = await verifiedRegistrant(t, p);
    const payload = { mst_accepted_status_id: s.accepted.id };
    const url = api(`/registrant/publish/${r.id}`);
    expect((await call(t.app, { method: 'POST', url, token: r.parent.token, payload })).status).toBe(403);
    const reader = await t.staff([flags('Kelulusan', 'read')]);
    expect((await call(t.app, { method: 'POST', url, token: reader, payload })).status).toBe(403);
    const smp = await t.staff([flags('Kelulusan', 'read', 'update')], [p.smp]);
    expect((await call(t.app, { method: 'POST', url, token: smp, payload })).status).toBe(404);
    const bulk = await call(t.app, {
      method: 'POST',
      url: api('/registrant/bulk/publish'),
      token: smp,
      payload: { ids: [r.id], ...payload },
    });
    expect(bulk.status).toBe(404);
    expect((await registrantRow(t, r.id)).result_published_at).toBeNull();
    const sd = await t.staff([flags('Kelulusan', 'read', 'update')], [p.sd]);
    expect((await call(t.app, { method: 'POST', url, token: sd, payload })).status).toBe(200);
  });

  it('publishes many as a job with progress, ranking the reserve list in order', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const regs = [];
    for (let i = 0; i < 3; i++) regs.push(await verifiedRegistrant(t, p));
    const withdrawn = await verifiedRegistrant(t, p);
    await t.ownerPool.query(
      `UPDATE registrants SET status = 'withdrawn', withdrawn_at = now() WHERE id = $1`,
      [withdrawn.id],
    );
    const started = await call(t.app, {
      method: 'POST',
      url: api('/registrant/bulk/publish'),
      token: t.admin,
      payload: { ids: [...regs.map((r) => r.id), withdrawn.id], mst_accepted_status_id: s.reserve.id },
    });
    expect(started.status).toBe(202);
    const { job_id, total } = started.body.data as { job_id: number; total: number };
    expect(total).toBe(4);
    const job = await finishedJob(t, job_id);
    expect(job).toMatchObject({ status: 'done', done: 4, failed: 1 });
    const ranks = [];
    for (const r of regs) {
      const row = await registrantRow(t, r.id);
      expect(row.status).toBe('reserve');
      ranks.push(row.reserve_rank);
    }
    expect(ranks).toEqual([1, 2, 3]);
    expect((await registrantRow(t, withdrawn.id)).result_published_at).toBeNull();
  });
});

describe('the reserve list', () => {
  it('proposes the next reserve registrant for a withdrawn accepted one and moves only on confirmation', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    // The period waits for staff rather than refilling a freed seat by itself.
    const rules = await call(t.app, {
      method: 'PUT',
      url: api('/registrants/offers/settings'),
      token: t.admin,
      payload: { school_period_id: p.periodId, deadline_days: 14, refill: 'staff' },
    });
    expect(rules.status).toBe(200);
    const accepted = await verifiedRegistrant(t, p);
    const first = await verifiedRegistrant(t, p);
    const second = await verifiedRegistrant(t, p);
    const publish = (id: number, statusId: number) =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant/publish/${id}`),
        token: t.admin,
        payload: { mst_accepted_status_id: statusId },
      });
    expect((await publish(accepted.id, s.accepted.id)).status).toBe(200);
    expect((await publish(first.id, s.reserve.id)).status).toBe(200);
    expect((await publish(second.id, s.reserve.id)).status).toBe(200);

    const early = await verifiedRegistrant(t, p);
    const tooEarly = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/staff_withdraw/${early.id}`),
      token: t.admin,
      payload: { reason: 'Pindah sekolah' },
    });
    expect(tooEarly.status).toBe(409);
    const noReason = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/staff_withdraw/${accepted.id}`),
      token: t.admin,
      payload: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const gone = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/staff_withdraw/${accepted.id}`),
      token: t.admin,
      payload: { reason: 'Pindah ke luar kota' },
    });
    expect(gone.status).toBe(200);
    expect((await registrantRow(t, accepted.id)).status).toBe('withdrawn');

    const proposals = await call(t.app, {
      method: 'GET',
      url: api('/registrant/reserve/proposals'),
      token: t.admin,
    });
    const mine = (
      proposals.body.data as { withdrawn: { id: number }; proposed: { id: number } | null }[]
    ).find((x) => x.withdrawn.id === accepted.id);
    expect(mine?.proposed?.id).toBe(first.id);
    // Proposed only: nothing moved.
    expect((await registrantRow(t, first.id)).status).toBe('reserve');
    // The parent of the withdrawn registrant no longer sees a result.
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/registrant/graduation/${accepted.id}`),
          token: accepted.parent.token,
        })
      ).status,
    ).toBe(404);

    const confirm = (registrantId: number) =>
      call(t.app, {
        method: 'POST',
        url: api('/registrant/reserve/confirm'),
        token: t.admin,
        payload: { withdrawn_registrant_id: accepted.id, registrant_id: registrantId },
      });
    expect((await confirm(first.id)).status).toBe(200);
    const moved = await registrantRow(t, first.id);
    expect(moved).toMatchObject({
      status: 'accepted',
      mst_accepted_status_id: s.accepted.id,
      reserve_rank: null,
    });
    const view = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${first.id}`),
      token: first.parent.token,
    });
    expect(view.body.data).toMatchObject({ published: true, result: { kind: 'accepted' } });
    // The place is filled once.
    const twice = await confirm(second.id);
    expect(twice.status).toBe(409);
    expect((await registrantRow(t, second.id)).status).toBe('reserve');
    const after = await call(t.app, {
      method: 'GET',
      url: api('/registrant/reserve/proposals'),
      token: t.admin,
    });
    expect(
      (after.body.data as { withdrawn: { id: number } }[]).some((x) => x.withdrawn.id === accepted.id),
    ).toBe(false);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: api('/registrant/reserve/confirm'),
          token: t.admin,
          payload: { withdrawn_registrant_id: 'x' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('recaps', () => {
  it('counts results per period and exports the graduation list', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const a = await verifiedRegistrant(t, p);
    await verifiedRegistrant(t, p);
    await call(t.app, {
      method: 'POST',
      url: api(`/registrant/publish/${a.id}`),
      token: t.admin,
      payload: { mst_accepted_status_id: s.accepted.id },
    });
    const recap = await call(t.app, {
      method: 'GET',
      url: api(`/registrants/graduation/recap?school_period_id=${p.periodId}`),
      token: t.admin,
    });
    expect(recap.status).toBe(200);
    expect(recap.body.data).toEqual([
      expect.objectContaining({
        total: 2,
        accepted: 1,
        rejected: 0,
        reserve: 0,
        unpublished: 1,
        withdrawn: 0,
      }),
    ]);
    const list = await call(t.app, {
      method: 'GET',
      url: api(`/registrants/graduation/admin?school_period_id=${p.periodId}&published=true`),
      token: t.admin,
    });
    expect(list.body.total).toBe(1);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: api('/registrants/graduation/admin?published=maybe'),
          token: t.admin,
        })
      ).status,
    ).toBe(400);
    const xlsx = await call(t.app, {
      method: 'GET',
      url: api(`/registrants/export/graduation/admin?school_period_id=${p.periodId}`),
      token: t.admin,
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('Data Kelulusan.xlsx');
    const pdf = await call(t.app, { method: 'GET', url: api(`/registrant/recap/${a.id}`), token: t.admin });
    expect(pdf.status).toBe(200);
    expect(pdf.raw.slice(0, 5)).toBe('%PDF-');
  });
});
