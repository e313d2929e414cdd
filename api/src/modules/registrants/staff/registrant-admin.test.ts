import {
  allowedFrom,
  flagsOf,
  REGISTRANT_STATUSES,
  type RegistrantStatus,
  refusalReason,
  registrantAdminListResponseSchema,
  registrantListResponseSchema,
  type TransitionName,
  targetOf,
} from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, tokenFor } from '../../../../test/helpers';
import {
  completeAnswers,
  newParent,
  newRegistrant,
  newVoucher,
  openPeriod,
  redeem,
  registrantIn,
} from '../../../../test/parent-journey';

const t = appPerFile();

/** Puts a registrant into a state with the flags that state implies (as if it had got there). */
async function setStatus(id: number, status: RegistrantStatus) {
  const f = flagsOf(status) ?? flagsOf('submitted')!;
  await t.ownerPool.query(
    `UPDATE registrants SET status = $2, is_submit = $3, is_verified = $4, is_test = $5, is_accepted = $6,
       locked = $7, deleted_at = NULL, withdrawn_at = NULL WHERE id = $1`,
    [id, status, f.is_submit, f.is_verified, f.is_test ?? false, f.is_accepted ?? null, f.locked],
  );
  await t.ownerPool.query('DELETE FROM registrant_status_history WHERE registrant_id = $1', [id]);
}

const statusOf = async (id: number) =>
  (await t.ownerPool.query('SELECT status FROM registrants WHERE id = $1', [id])).rows[0].status as string;
const historyOf = async (id: number) =>
  (
    await t.ownerPool.query(
      `SELECT h.action, h.from_status, h.to_status, h.reason, u.email
       FROM registrant_status_history h LEFT JOIN users u ON u.tenant_id = h.tenant_id AND u.id = h.user_id
       WHERE h.registrant_id = $1 ORDER BY h.id`,
      [id],
    )
  ).rows;

/** A registrant whose form is complete (every required answer given), still a draft. */
async function completeRegistrant() {
  const r = await newRegistrant(t);
  const res = await call(t.app, {
    method: 'POST',
    url: api('/registrant_answer'),
    token: r.parent.token,
    payload: { registrant_id: r.id, data: completeAnswers() },
  });
  expect(res.status).toBe(200);
  return r;
}

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

describe('moves between classes and periods', () => {
  /** A second class of the period's school with a quota of `quota`. */
  async function secondClass(periodId: number, schoolId: number, classId: number, quota: number) {
    const { rows } = await t.ownerPool.query(
      `SELECT k.id FROM mst_classes k JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
       WHERE g.school_id = $1 AND k.id <> $2 ORDER BY k.id LIMIT 1`,
      [schoolId, classId],
    );
    const other = rows[0].id as number;
    await t.ownerPool.query(
      'INSERT INTO class_periods (tenant_id, school_period_id, mst_class_id, quota) SELECT tenant_id, $1, $2, $3 FROM school_periods WHERE id = $1',
      [periodId, other, quota],
    );
    return other;
  }

  it('two concurrent moves into the last free place: exactly one wins', async () => {
    const p = await openPeriod(t);
    const target = await secondClass(p.periodId, p.schoolId, p.classId, 1);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push((await registrantIn(t, p)).id);
    const moves = await Promise.all(
      ids.map((id) =>
        call(t.app, {
          method: 'POST',
          url: api(`/registrant/mutation/${id}`),
          token: t.admin,
          payload: { mst_class_id: target },
        }),
      ),
    );
    expect(moves.map((m) => m.status).sort()).toEqual([200, 409]);
    expect(moves.find((m) => m.status === 409)!.body.message).toBe('Kuota kelas tujuan sudah penuh.');
    const { rows } = await t.ownerPool.query(
      'SELECT count(*)::int AS n FROM registrants WHERE school_period_id = $1 AND mst_class_id = $2 AND deleted_at IS NULL',
      [p.periodId, target],
    );
    expect(rows[0].n).toBe(1);
    const used = await t.ownerPool.query(
      'SELECT used_quota FROM class_periods WHERE school_period_id = $1 AND mst_class_id = $2',
      [p.periodId, target],
    );
    expect(used.rows[0].used_quota).toBe(1);
  });

  it('a teacher without Calon Murid update/delete is refused every change; the list needs read only', async () => {
    const r = await newRegistrant(t);
    const teacher = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const tries = [
      { method: 'POST', url: `/registrant/mutation/${r.id}`, payload: { mst_class_id: r.classId } },
      { method: 'DELETE', url: `/registrant/${r.id}` },
      { method: 'POST', url: `/registrant/restore/${r.id}` },
      { method: 'PUT', url: '/registrant/bulk', payload: { action: 'verify', ids: [r.id] } },
    ] as const;
    for (const x of tries) {
      const res = await call(t.app, {
        method: x.method,
        url: api(x.url),
        token: teacher,
        ...('payload' in x ? { payload: x.payload } : {}),
      });
      expect({ url: x.url, status: res.status }).toEqual({ url: x.url, status: 403 });
    }
    expect(await historyOf(r.id)).toEqual([]);
  });

  it('restoring into a class that filled up meanwhile is refused', async () => {
    const p = await openPeriod(t, { quota: 1 });
    const first = await newParent(t);
    const place = { school_id: p.schoolId, school_period_id: p.periodId, mst_class_id: p.classId };
    const a = await redeem(t, first.token, { token: await newVoucher(t), ...place });
    const id = (a.body.data as { id: number }).id;
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/registrant/${id}`), token: t.admin })).status,
    ).toBe(200);
    const second = await newParent(t);
    expect((await redeem(t, second.token, { token: await newVoucher(t), ...place })).status).toBe(201);
    const back = await call(t.app, { method: 'POST', url: api(`/registrant/restore/${id}`), token: t.admin });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(
      'Kuota kelas calon murid ini sudah penuh, sehingga belum dapat dipulihkan.',
    );
  });

  it('moves to another period of the same school; refuses another school, the same class and a result', async () => {
    const r = await newRegistrant(t);
    const other = await openPeriod(t);
    const smp = await openPeriod(t, { level: 'SMP' });
    const move = (body: object) =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant/mutation_period/${r.id}`),
        token: t.admin,
        payload: body,
      });
    expect((await move({ school_period_id: smp.periodId, mst_class_id: smp.classId })).status).toBe(400);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: api(`/registrant/mutation/${r.id}`),
          token: t.admin,
          payload: { mst_class_id: r.classId },
        })
      ).status,
    ).toBe(409);
    expect((await move({ school_period_id: other.periodId, mst_class_id: other.classId })).status).toBe(200);
    const row = (await t.ownerPool.query('SELECT school_period_id FROM registrants WHERE id = $1', [r.id]))
      .rows[0];
    expect(row.school_period_id).toBe(other.periodId);
    expect((await historyOf(r.id)).map((h) => h.action)).toEqual(['mutation_period']);
    await setStatus(r.id, 'accepted');
    expect((await move({ school_period_id: r.periodId, mst_class_id: r.classId })).status).toBe(409);
  });
});

describe('GET /registrants/admin filters, sorting, paging and counts', () => {
  it('each filter returns exactly the expected rows', async () => {
    const p = await openPeriod(t);
    const made: { id: number; email: string; number: string }[] = [];
    for (const name of ['Citra Lestari', 'Agus Salim', 'Budi Santoso']) {
      const r = await registrantIn(t, p);
      await t.ownerPool.query(
        "UPDATE registrants SET name = $2, question_answer = jsonb_build_object('1', $2::text) WHERE id = $1",
        [r.id, name],
      );
      made.push({ id: r.id, email: r.parent.email, number: r.registrationNumber });
    }
    const [citra, agus, budi] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await setStatus(agus.id, 'submitted');
    await setStatus(budi.id, 'verified');
    await t.ownerPool.query('UPDATE registrants SET is_internal = true WHERE id = $1', [budi.id]);
    await t.ownerPool.query("UPDATE registrants SET created_at = '2026-01-10 10:00+07' WHERE id = $1", [
      citra.id,
    ]);

    const ids = async (q: string) => {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/registrants/admin?school_period_id=${p.periodId}&${q}`),
        token: t.admin,
      });
      expect(res.status).toBe(200);
      return registrantAdminListResponseSchema.parse(res.body).data.map((r) => r.id);
    };
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(sorted(await ids(''))).toEqual(sorted(made.map((m) => m.id)));
    expect(await ids('status=submitted')).toEqual([agus.id]);
    expect(sorted(await ids('is_submit=true'))).toEqual(sorted([agus.id, budi.id]));
    expect(await ids('is_submit=false')).toEqual([citra.id]);
    expect(await ids('is_internal=true')).toEqual([budi.id]);
    expect((await ids('is_accepted=null')).length).toBe(3);
    expect(await ids('is_accepted=true')).toEqual([]);
    expect(await ids('is_test=true')).toEqual([]);
    expect(await ids(`mst_class_id=${p.classId}&search=agus`)).toEqual([agus.id]);
    expect(await ids(`search=${encodeURIComponent(budi.number)}`)).toEqual([budi.id]);
    expect(await ids(`search=${encodeURIComponent(citra.email)}`)).toEqual([citra.id]);
    expect(await ids('date_from=2026-01-10&date_to=2026-01-10')).toEqual([citra.id]);
    expect((await ids('date_to=2026-01-09')).length).toBe(0);
    expect(await ids(`school_id=${p.schoolId}&school_year_id=${p.year_id}&sort=name&order=asc`)).toEqual([
      agus.id,
      budi.id,
      citra.id,
    ]);
    expect(await ids('sort=name&order=asc&limit=1&page=2')).toEqual([budi.id]);
    expect(await ids(`school_id=${p.smp}`)).toEqual([]);

    const res = await call(t.app, {
      method: 'GET',
      url: api(`/registrants/admin?school_period_id=${p.periodId}&status=draft`),
      token: t.admin,
    });
    expect(res.body).toMatchObject({ total: 1, counts: { draft: 1, submitted: 1, verified: 1 } });
    for (const bad of [
      'status=lulus',
      'page=0',
      'limit=1000',
      'school_id=1e3',
      'date_from=10-01-2026',
      'sort=password',
    ])
      expect({
        bad,
        status: (await call(t.app, { method: 'GET', url: api(`/registrants/admin?${bad}`), token: t.admin }))
          .status,
      }).toEqual({ bad, status: 400 });
    const parent = await newParent(t);
    expect(
      (await call(t.app, { method: 'GET', url: api('/registrants/admin'), token: parent.token })).status,
    ).toBe(403);
  });

  it('exports the filtered applicants with the fixed file name', async () => {
    const r = await newRegistrant(t);
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/registrants/export/admin?school_period_id=${r.periodId}&format=csv`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Data Calon Murid.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('No. Pendaftaran');
    expect(lines[1]).toContain((r.body.data as { registration_number: string }).registration_number);
    expect(lines[1]).toContain('Sedang mengisi formulir');
  });
});
