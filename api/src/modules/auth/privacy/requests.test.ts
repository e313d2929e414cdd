import { PRIVACY_REQUEST_MSG, type StaffPrivacyRequest } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { completeAnswers, newRegistrant } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

jest.setTimeout(120_000);

/** A parent's correction and deletion requests, and the staff queue that answers them within 3×24 hours. */
const t = appPerFile();

type Registrant = Awaited<ReturnType<typeof newRegistrant>>;

async function submitted(): Promise<Registrant> {
  const r = await newRegistrant(t);
  const saved = await call(t.app, {
    method: 'POST',
    url: api('/registrant_answer'),
    token: r.parent.token,
    payload: { registrant_id: r.id, data: completeAnswers() },
  });
  expect(saved.status).toBe(200);
  const sent = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/submit/${r.id}`),
    token: r.parent.token,
    payload: { generate_schedule: false },
  });
  expect(sent.status).toBe(200);
  return r;
}

const ask = (token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: api('/me/privacy_requests'), token, payload });
const queueAs = async (token: string) => {
  const res = await call(t.app, { method: 'GET', url: api('/privacy/requests'), token });
  expect(res.status).toBe(200);
  return res.body.data as StaffPrivacyRequest[];
};
const resolve = (token: string, id: number, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: api(`/privacy/requests/${id}/resolve`), token, payload });
const answerOf = async (id: number, no: number) =>
  (
    await t.ownerPool.query<{ v: unknown }>(
      'SELECT question_answer -> $2::text AS v FROM registrants WHERE id = $1',
      [id, String(no)],
    )
  ).rows[0]!.v;

describe('correction requests', () => {
  it('go to the queue with the 3×24 hour deadline; carrying one out changes the answer, audited', async () => {
    const r = await submitted();
    const staff = await t.staff([flags('Konfigurasi', 'read', 'update')]);
    const filed = await ask(r.parent.token, {
      kind: 'correction',
      registrant_id: r.id,
      question_no: 1,
      requested_value: 'Rara Kusumawati',
      note: 'Salah ketik nama di akta',
    });
    expect(filed.status).toBe(201);
    const id = filed.body.id as number;

    const open = (await queueAs(staff)).find((q) => q.id === id)!;
    expect(open).toMatchObject({
      kind: 'correction',
      status: 'open',
      registrant_id: r.id,
      question_no: 1,
      question: 'Nama Lengkap',
      requested_value: 'Rara Kusumawati',
      keep_reasons: [],
    });
    expect(Date.parse(open.due_at) - Date.parse(open.created_at)).toBe(72 * 3600 * 1000);

    const done = await resolve(staff, id, { action: 'carry_out' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'done', resolved_by_name: expect.any(String) });
    expect(await answerOf(r.id, 1)).toBe('Rara Kusumawati');
    const audit = await t.ownerPool.query(
      "SELECT after FROM audit_log WHERE resource = 'registrants' AND record_id = $1 AND action = 'update_answers'",
      [r.id],
    );
    expect(audit.rows).toEqual([{ after: { answers: { '1': 'Rara Kusumawati' } } }]);

    // Answered once: a second answer is refused, and the parent reads the outcome.
    expect((await resolve(staff, id, { action: 'refuse', reason: 'x' })).status).toBe(409);
    const mine = await call(t.app, {
      method: 'GET',
      url: api('/me/privacy_requests'),
      token: r.parent.token,
    });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id, status: 'done', question: 'Nama Lengkap' }),
    ]);
  });

  it('are refused with a reason the parent reads; bad requests are 4xx in Indonesian', async () => {
    const r = await submitted();
    const other = await submitted();
    const staff = await t.staff([flags('Konfigurasi', 'read', 'update')]);
    const reader = await t.staff([flags('Konfigurasi', 'read')]);
    const filed = await ask(r.parent.token, {
      kind: 'correction',
      registrant_id: r.id,
      question_no: 1,
      requested_value: 'Nama Lain',
    });
    const id = filed.body.id as number;

    expect((await resolve(reader, id, { action: 'refuse', reason: 'Tidak sesuai akta' })).status).toBe(403);
    expect((await resolve(staff, id, { action: 'refuse', reason: ' ' })).status).toBe(400);
    const refused = await resolve(staff, id, { action: 'refuse', reason: 'Tidak sesuai akta kelahiran' });
    expect(refused.status).toBe(200);
    expect(await answerOf(r.id, 1)).not.toBe('Nama Lain');
    const mine = await call(t.app, {
      method: 'GET',
      url: api('/me/privacy_requests'),
      token: r.parent.token,
    });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id, status: 'refused', reason: 'Tidak sesuai akta kelahiran' }),
    ]);

    // Another family's child, a question not in the form, a form the parent still edits.
    const notMine = await ask(r.parent.token, {
      kind: 'correction',
      registrant_id: other.id,
      question_no: 1,
      requested_value: 'X',
    });
    expect(notMine.status).toBe(404);
    const unknown = await ask(r.parent.token, {
      kind: 'correction',
      registrant_id: r.id,
      question_no: 99_999,
      requested_value: 'X',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(PRIVACY_REQUEST_MSG.unknownQuestion);
    const draft = await newRegistrant(t);
    const editable = await ask(draft.parent.token, {
      kind: 'correction',
      registrant_id: draft.id,
      question_no: 1,
      requested_value: 'X',
    });
    expect(editable.status).toBe(409);
    expect(editable.body.message).toBe(PRIVACY_REQUEST_MSG.stillEditable);
    // Other parents' requests are not in a parent's list, and parents cannot open the queue.
    const theirs = await call(t.app, {
      method: 'GET',
      url: api('/me/privacy_requests'),
      token: other.parent.token,
    });
    expect(theirs.body.data).toEqual([]);
    expect(
      (await call(t.app, { method: 'GET', url: api('/privacy/requests'), token: r.parent.token })).status,
    ).toBe(403);
  });
});

describe('deletion requests', () => {
  const bill = async (registrantId: number, state: string) => {
    await t.ownerPool.query(
      `WITH t AS (INSERT INTO mst_type_payments (tenant_id, name, code)
                  SELECT tenant_id, 'Uang Gedung ' || $1::int, 'UG' || $1::int FROM registrants WHERE id = $1::int RETURNING id, tenant_id)
       INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, state,
         total_amount, paid_amount, paid_at)
       SELECT t.tenant_id, r.id, r.school_id, t.id, $2, 1000, CASE WHEN $2 = 'paid' THEN 1000 ELSE 0 END,
         CASE WHEN $2 = 'paid' THEN now() END
       FROM t, registrants r WHERE r.id = $1::int`,
      [registrantId, state],
    );
  };

  it('are refused with the reason while a bill is unpaid or a child is enrolled, accepted otherwise', async () => {
    const staff = await t.staff([flags('Konfigurasi', 'read', 'update')]);
    const owing = await submitted();
    await bill(owing.id, 'published');
    const filed = await ask(owing.parent.token, { kind: 'deletion', note: 'Kami pindah kota' });
    expect(filed.status).toBe(201);
    expect((await ask(owing.parent.token, { kind: 'deletion' })).status).toBe(409);
    const listed = (await queueAs(staff)).find((q) => q.id === filed.body.id)!;
    expect(listed.keep_reasons).toEqual([PRIVACY_REQUEST_MSG.keepUnpaid]);
    const refused = await resolve(staff, filed.body.id as number, { action: 'carry_out' });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ status: 'refused', reason: PRIVACY_REQUEST_MSG.keepUnpaid });

    const enrolled = await submitted();
    await t.ownerPool.query(
      "UPDATE registrants SET status = 'accepted', is_verified = true, is_accepted = true WHERE id = $1",
      [enrolled.id],
    );
    const kept = await ask(enrolled.parent.token, { kind: 'deletion' });
    const keptAnswer = await resolve(staff, kept.body.id as number, { action: 'carry_out' });
    expect(keptAnswer.body.data).toMatchObject({
      status: 'refused',
      reason: PRIVACY_REQUEST_MSG.keepEnrolled,
    });

    const free = await submitted();
    await bill(free.id, 'paid');
    const asked = await ask(free.parent.token, { kind: 'deletion' });
    const accepted = await resolve(staff, asked.body.id as number, { action: 'carry_out' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(PRIVACY_REQUEST_MSG.deletionDone);
    expect(accepted.body.data).toMatchObject({ status: 'done', reason: null });
  });
});
