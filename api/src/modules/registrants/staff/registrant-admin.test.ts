/**
 * Staff registrant management: the state transitions (every action from every state) and the staff actions —
 * permission, history, what the parent sees.
 */
import {
  allowedFrom,
  REGISTRANT_STATUSES,
  refusalReason,
  registrantListResponseSchema,
  type TransitionName,
  targetOf,
} from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, tokenFor } from '../../../../test/helpers';
import { newRegistrant } from '../../../../test/parent-journey';

import { registrantSteps } from './test-steps';

const t = appPerFile();
const { setStatus, statusOf, historyOf, completeRegistrant } = registrantSteps(t);

describe('state transitions (table-driven: every action from every state)', () => {
  const ACTIONS: {
    name: TransitionName;
    call: (id: number, parent: string) => Promise<{ status: number; body: Record<string, unknown> }>;
  }[] = [
    {
      name: 'verify',
      call: (id) => call(t.app, { method: 'PUT', url: api(`/registrant/verify/${id}`), token: t.admin }),
    },
    {
      name: 'open_form',
      call: (id) =>
        call(t.app, {
          method: 'PUT',
          url: api(`/registrant/open_form/${id}`),
          token: t.admin,
          payload: { reason: 'Akta kurang jelas' },
        }),
    },
    {
      name: 'submit_on_behalf',
      call: (id) => call(t.app, { method: 'POST', url: api(`/registrant/submit/${id}`), token: t.admin }),
    },
    {
      name: 'submit',
      call: (id, parent) =>
        call(t.app, { method: 'POST', url: api(`/registrant/submit/${id}`), token: parent }),
    },
    {
      name: 'withdraw',
      call: (id, parent) =>
        call(t.app, {
          method: 'POST',
          url: api(`/registrant/withdraw/${id}`),
          token: parent,
          payload: { reason: 'Pindah kota' },
        }),
    },
  ];
  const FROM = REGISTRANT_STATUSES.filter((s) => s !== 'withdrawn');

  it.each(ACTIONS.map((a) => [a.name, a] as const))(
    '%s: allowed states move with a history row, others get 409',
    async (_n, action) => {
      const r = await completeRegistrant();
      const seen: string[] = [];
      for (const from of FROM) {
        await setStatus(r.id, from);
        const res = await action.call(r.id, r.parent.token);
        const allowed = allowedFrom(action.name, from);
        const to = allowed ? targetOf(action.name, 0) : from;
        seen.push(`${from}:${res.status}:${await statusOf(r.id)}`);
        expect({ from, status: res.status }).toEqual({ from, status: allowed ? 200 : 409 });
        if (allowed) {
          expect(await statusOf(r.id)).toBe(to);
          const [h] = await historyOf(r.id);
          expect(h).toMatchObject({ action: action.name, from_status: from, to_status: to });
        } else {
          expect(res.body.message).toBe(refusalReason(action.name, from));
          expect(await statusOf(r.id)).toBe(from);
          expect(await historyOf(r.id)).toEqual([]);
        }
      }
      expect(seen).toHaveLength(FROM.length);
    },
  );

  it('keeps the flags consistent with the state: a direct write that lets them drift is refused', async () => {
    const r = await newRegistrant(t);
    await expect(
      t.ownerPool.query('UPDATE registrants SET is_submit = true WHERE id = $1', [r.id]),
    ).rejects.toThrow(/registrants_status_flags/);
  });
});

describe('staff actions: permission, history, what the parent sees', () => {
  it('reopening needs a reason; the parent sees it on the home data and submits again; staff verify', async () => {
    const r = await completeRegistrant();
    const parent = r.parent.token;
    const submit = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/submit/${r.id}`),
      token: parent,
    });
    expect(submit.status).toBe(200);

    const teacher = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const url = api(`/registrant/open_form/${r.id}`);
    expect((await call(t.app, { method: 'PUT', url, token: t.admin, payload: {} })).status).toBe(400);
    const refused = await call(t.app, { method: 'PUT', url, token: t.admin, payload: { reason: '  ' } });
    expect(refused.body.errors).toEqual({ reason: 'Alasan wajib diisi.' });
    expect((await call(t.app, { method: 'PUT', url, token: teacher, payload: { reason: 'x' } })).status).toBe(
      403,
    );
    expect((await call(t.app, { method: 'PUT', url, token: parent, payload: { reason: 'x' } })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, { method: 'PUT', url, token: t.admin, payload: { reason: 'Foto buram' } })).status,
    ).toBe(200);

    const home = registrantListResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: api('/registrants'), token: parent })).body,
    ).data[0]!;
    expect(home).toMatchObject({
      status: 'form_complete',
      status_note: 'Foto buram',
      locked: false,
      is_submit: false,
    });

    expect(
      (await call(t.app, { method: 'POST', url: api(`/registrant/submit/${r.id}`), token: parent })).status,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'PUT', url: api(`/registrant/verify/${r.id}`), token: teacher })).status,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'PUT', url: api(`/registrant/verify/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    const after = registrantListResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: api('/registrants'), token: parent })).body,
    ).data[0]!;
    expect(after).toMatchObject({ status: 'verified', status_note: null, status_label: 'Terverifikasi' });

    expect(await historyOf(r.id)).toEqual([
      { action: 'submit', from_status: 'draft', to_status: 'submitted', reason: null, email: r.parent.email },
      {
        action: 'open_form',
        from_status: 'submitted',
        to_status: 'form_complete',
        reason: 'Foto buram',
        email: 'superadmin@demo.sch.id',
      },
      {
        action: 'submit',
        from_status: 'form_complete',
        to_status: 'submitted',
        reason: null,
        email: r.parent.email,
      },
      {
        action: 'verify',
        from_status: 'submitted',
        to_status: 'verified',
        reason: null,
        email: 'superadmin@demo.sch.id',
      },
    ]);
    const info = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/information_detail/${r.id}`),
      token: t.admin,
    });
    expect(info.status).toBe(200);
    const data = info.body.data as {
      parent: { email: string };
      history: { source: string; action: string }[];
    };
    expect(data.parent.email).toBe(r.parent.email);
    expect(data.history.filter((h) => h.source === 'status').map((h) => h.action)).toEqual([
      'submit',
      'open_form',
      'submit',
      'verify',
    ]);
    expect(data.history.filter((h) => h.source === 'audit').map((h) => h.action)).toEqual([
      'open_form',
      'verify',
    ]);
  });

  it('submit on behalf refuses while answers are missing (400 with the list)', async () => {
    const r = await newRegistrant(t);
    const res = await call(t.app, { method: 'POST', url: api(`/registrant/submit/${r.id}`), token: t.admin });
    expect(res.status).toBe(400);
    expect((res.body.missing as unknown[]).length).toBeGreaterThan(10);
    expect(await statusOf(r.id)).toBe('draft');
  });

  it('archives and restores (non-active list), never restores a withdrawn application', async () => {
    const r = await newRegistrant(t);
    const list = (q: string) =>
      call(t.app, {
        method: 'GET',
        url: api(`/registrants/admin?school_period_id=${r.periodId}${q}`),
        token: t.admin,
      });
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/registrant/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    expect((await list('')).body.total).toBe(0);
    expect((await list('&show_deleted=true')).body.total).toBe(1);
    expect(
      (await call(t.app, { method: 'POST', url: api(`/registrant/restore/${r.id}`), token: t.admin })).status,
    ).toBe(200);
    expect((await list('')).body.total).toBe(1);
    expect((await historyOf(r.id)).map((h) => h.action)).toEqual(['archive', 'restore']);

    await call(t.app, {
      method: 'POST',
      url: api(`/registrant/withdraw/${r.id}`),
      token: r.parent.token,
      payload: {},
    });
    const back = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/restore/${r.id}`),
      token: t.admin,
    });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Pendaftaran yang dibatalkan tidak dapat dipulihkan.');
  });

  it('bulk verify: each registrant done or refused on its own', async () => {
    const a = await completeRegistrant();
    const b = await completeRegistrant();
    await setStatus(a.id, 'submitted');
    const res = await call(t.app, {
      method: 'PUT',
      url: api('/registrant/bulk'),
      token: t.admin,
      payload: { action: 'verify', ids: [a.id, b.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ done: [a.id], failed: [{ id: b.id }] });
    expect(await statusOf(a.id)).toBe('verified');
    const bad = await call(t.app, {
      method: 'PUT',
      url: api('/registrant/bulk'),
      token: t.admin,
      payload: { action: 'publish', ids: [a.id] },
    });
    expect(bad.status).toBe(400);
  });
});
