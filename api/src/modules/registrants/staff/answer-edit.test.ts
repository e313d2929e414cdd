/** Answers edited by staff through HTTP against PostgreSQL: the parent form's rules, the audit, the refusals. */
import { buildSurvey, flagsOf, type RegistrantStatus, validateAnswers } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newRegistrant, openPeriod, setIdentity } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();

async function setStatus(id: number, status: RegistrantStatus) {
  // A withdrawn registrant keeps the flags of where it was (submitted here).
  const f = flagsOf(status) ?? flagsOf('submitted')!;
  await t.ownerPool.query(
    `UPDATE registrants SET status = $2, is_submit = $3, is_verified = $4, is_test = $5, is_accepted = $6,
       locked = $7 WHERE id = $1`,
    [id, status, f.is_submit, f.is_verified, f.is_test ?? false, f.is_accepted ?? null, f.locked],
  );
}

describe('answers edited by staff', () => {
  const put = (id: number, token: string, data: Record<string, unknown>) =>
    call(t.app, { method: 'PUT', url: api(`/registrant/answer/${id}`), token, payload: { data } });

  it('uses the parent form’s rules: the same Indonesian errors for the same bad answers', async () => {
    const r = await newRegistrant(t);
    const bad = { '4': 'kemarin', '5': 'Bukan pilihan', '1': 'x'.repeat(101) };
    const staff = await put(r.id, t.admin, bad);
    expect(staff.status).toBe(400);
    const parent = await call(t.app, {
      method: 'POST',
      url: api('/registrant_answer'),
      token: r.parent.token,
      payload: { registrant_id: r.id, data: bad },
    });
    expect(parent.status).toBe(400);
    expect(staff.body.errors).toEqual(parent.body.errors);
    expect(staff.body.errors).toEqual(validateAnswers(bad, buildSurvey([])));
    expect(Object.keys(staff.body.errors ?? {}).sort()).toEqual(['1', '4', '5']);
    expect(staff.body.message).toBe('Data tidak valid.');
  });

  it('changes a submitted form, audits old → new with who, and shows it in the history', async () => {
    const r = await newRegistrant(t);
    await setIdentity(t, r.id, 'Nama Lama', '2018-01-01');
    await setStatus(r.id, 'submitted');
    const res = await put(r.id, t.admin, { '1': 'Nama Baru', '4': '2018-01-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Jawaban calon murid berhasil diperbarui.', changed: ['1'] });
    const row = (
      await t.ownerPool.query('SELECT name, question_answer, status FROM registrants WHERE id = $1', [r.id])
    ).rows[0];
    expect([row.name, row.question_answer['1'], row.status]).toEqual(['Nama Baru', 'Nama Baru', 'submitted']);
    const audit = (
      await t.ownerPool.query(
        `SELECT a.action, a.before, a.after, u.email FROM audit_log a
         JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id
         WHERE a.resource = 'registrants' AND a.record_id = $1 AND a.action = 'update_answers'`,
        [r.id],
      )
    ).rows;
    expect(audit).toEqual([
      {
        action: 'update_answers',
        before: { answers: { '1': 'Nama Lama' } },
        after: { answers: { '1': 'Nama Baru' } },
        email: 'superadmin@demo.sch.id',
      },
    ]);
    const info = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/information_detail/${r.id}`),
      token: t.admin,
    });
    const history = (info.body.data as { history: { action: string; detail: unknown }[] }).history;
    expect(history.filter((h) => h.action === 'update_answers').map((h) => h.detail)).toEqual([
      { before: { answers: { '1': 'Nama Lama' } }, after: { answers: { '1': 'Nama Baru' } } },
    ]);

    // The same answers again change nothing and write nothing.
    const again = await put(r.id, t.admin, { '1': 'Nama Baru' });
    expect(again.body).toMatchObject({ message: 'Tidak ada jawaban yang berubah.', changed: [] });
    const n = await t.ownerPool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE record_id = $1 AND action = 'update_answers'",
      [r.id],
    );
    expect(n.rows[0].n).toBe(1);
  });

  it('refuses with 409 once the result is out, when withdrawn or archived; 403 without update; 404 out of scope', async () => {
    const r = await newRegistrant(t);
    for (const status of ['accepted', 'rejected', 'reserve', 're_registered', 'withdrawn'] as const) {
      await setStatus(r.id, status);
      const res = await put(r.id, t.admin, { '2': 'Adik' });
      expect([status, res.status, res.body.message]).toEqual([
        status,
        409,
        'Jawaban tidak dapat diubah setelah hasil seleksi diumumkan atau pendaftaran dibatalkan.',
      ]);
    }
    await setStatus(r.id, 'verified');
    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [r.id]);
    const archived = await put(r.id, t.admin, { '2': 'Adik' });
    expect([archived.status, archived.body.message]).toEqual([
      409,
      'Calon murid di data non-aktif tidak dapat diubah; pulihkan terlebih dahulu.',
    ]);
    await t.ownerPool.query('UPDATE registrants SET deleted_at = NULL WHERE id = $1', [r.id]);

    const readOnly = await t.staff([flags('Calon Murid', 'read')]);
    expect((await put(r.id, readOnly, { '2': 'Adik' })).status).toBe(403);
    const smp = await openPeriod(t, { level: 'SMP' });
    const otherSchool = await t.staff([flags('Calon Murid', 'read', 'update')], [smp.schoolId]);
    const scoped = await put(r.id, otherSchool, { '2': 'Adik' });
    expect(scoped.status).toBe(404);
    const sameSchool = await t.staff([flags('Calon Murid', 'read', 'update')], [r.schoolId]);
    expect((await put(r.id, sameSchool, { '2': 'Adik' })).status).toBe(200);
  });

  it("PUT /registrant/{id} is the client's name for the same correction, with the same checks", async () => {
    const r = await newRegistrant(t);
    const putById = (token: string, payload: unknown) =>
      call(t.app, { method: 'PUT', url: api(`/registrant/${r.id}`), token, payload: payload as object });
    const ok = await putById(t.admin, { data: { '2': 'Adik Baru' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Jawaban calon murid berhasil diperbarui.', changed: ['2'] });
    const stored = await t.ownerPool.query('SELECT question_answer FROM registrants WHERE id = $1', [r.id]);
    expect(stored.rows[0].question_answer['2']).toBe('Adik Baru');
    const bad = await putById(t.admin, { data: { '4': 'kemarin' } });
    expect([bad.status, bad.body.message, Object.keys(bad.body.errors ?? {})]).toEqual([
      400,
      'Data tidak valid.',
      ['4'],
    ]);
    const empty = await putById(t.admin, { data: {} });
    expect([empty.status, empty.body.errors]).toEqual([400, { data: 'Isi minimal satu jawaban.' }]);
    const readOnly = await t.staff([flags('Calon Murid', 'read')]);
    expect((await putById(readOnly, { data: { '2': 'Adik' } })).status).toBe(403);
    expect((await putById(r.parent.token, { data: { '2': 'Adik' } })).status).toBe(403);
    const smp = await openPeriod(t, { level: 'SMP' });
    const otherSchool = await t.staff([flags('Calon Murid', 'read', 'update')], [smp.schoolId]);
    expect((await putById(otherSchool, { data: { '2': 'Adik' } })).status).toBe(404);
  });
});
