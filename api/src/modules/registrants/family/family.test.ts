/**
 * One family through HTTP: a parent's next child starts from the family's sent form (parents, address,
 * siblings) and Submit waits until the parent has confirmed what was copied; staff see the siblings of a
 * registrant, both ways, in the schools they may see.
 */
import { FAMILY_QUESTION_NOS, registrantResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { completeAnswers, newParent, newVoucher, openPeriod, redeem } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();

type Period = Awaited<ReturnType<typeof openPeriod>>;

async function child(token: string, p: Period) {
  const res = await redeem(t, token, {
    token: await newVoucher(t),
    school_id: p.schoolId,
    school_period_id: p.periodId,
    mst_class_id: p.classId,
  });
  expect(res.status).toBe(201);
  return registrantResponseSchema.parse(res.body).data;
}

const save = (token: string, id: number, data: Record<string, unknown>) =>
  call(t.app, {
    method: 'POST',
    url: api('/registrant_answer'),
    token,
    payload: { registrant_id: id, data },
  });
const submit = (token: string, id: number) =>
  call(t.app, { method: 'POST', url: api(`/registrant/submit/${id}`), token });
const read = async (token: string, id: number) =>
  registrantResponseSchema.parse(
    (await call(t.app, { method: 'GET', url: api(`/registrant/${id}`), token })).body,
  ).data;
const confirm = async (token: string, id: number, question_nos: unknown) => {
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/family_confirm/${id}`),
    token,
    payload: { question_nos },
  });
  return { ...res, data: res.body.data as { unconfirmed: number[] } };
};

/** A parent whose first child (SD) has a sent form with the family's own answers. */
async function familyWithSentForm() {
  const sd = await openPeriod(t, { level: 'SD' });
  const smp = await openPeriod(t, { level: 'SMP' });
  const parent = await newParent(t);
  const first = await child(parent.token, sd);
  const answers: Record<string, unknown> = {
    ...completeAnswers(),
    '1': 'Kakak Sulung',
    '22': 'Hendra Wijaya',
    '26': 'Jl. Melati 5',
  };
  expect((await save(parent.token, first.id, answers)).status).toBe(200);
  expect((await submit(parent.token, first.id)).status).toBe(200);
  return { sd, smp, parent, first, answers };
}

describe('a family’s next child', () => {
  it('starts empty while the family has no sent form', async () => {
    const p = await openPeriod(t);
    const parent = await newParent(t);
    const first = await child(parent.token, p);
    expect((await save(parent.token, first.id, { '22': 'Hendra Wijaya' })).status).toBe(200);
    const second = await child(parent.token, p);
    expect(second.question_answer).toEqual({});
    expect(second.family).toBeUndefined();
  });

  it('starts from the family’s shared answers, never the child’s own, with the siblings filled in', async () => {
    const { smp, parent, first, answers } = await familyWithSentForm();
    const next = await child(parent.token, smp);

    // Parents and address come over as sent; the child's own answers (name, birth date, health) do not.
    expect(next.question_answer).toMatchObject({
      '22': 'Hendra Wijaya',
      '26': 'Jl. Melati 5',
      '10': answers['10'],
    });
    for (const own of ['1', '2', '4', '5', '7', '19', '52', '103'])
      expect(next.question_answer).not.toHaveProperty(own);
    const copiedNos = Object.keys(next.question_answer).map(Number);
    expect(copiedNos.every((no) => FAMILY_QUESTION_NOS.includes(no) || [15, 16, 17, 18].includes(no))).toBe(
      true,
    );
    // The first child applies in the same year: "registering another child together", named with its school.
    expect(next.question_answer['17']).toBe('Ya');
    expect(next.question_answer['18']).toEqual([
      { name: 'Kakak Sulung', school: first.school_name, class: first.mst_class_name },
    ]);
    expect(next.question_answer['15']).toBe('Tidak');

    // Which answers were copied, and from whose form, is told; each waits for the parent.
    expect(next.family?.source).toEqual({
      id: first.id,
      name: 'Kakak Sulung',
      school_name: first.school_name,
    });
    expect(next.family?.unconfirmed).toEqual(copiedNos.sort((a, b) => a - b));
    expect(next.missing).toContainEqual({
      no: 22,
      label: 'Nama Ayah (disalin dari data keluarga, belum dikonfirmasi)',
    });
  });

  it('holds Submit until the copied answers are confirmed; a changed answer is the parent’s own', async () => {
    const { smp, parent, answers } = await familyWithSentForm();
    const next = await child(parent.token, smp);
    const own = Object.fromEntries(
      Object.entries(completeAnswers()).filter(([k]) => !(k in next.question_answer)),
    );
    // The parent fills in the child's own answers and moves the father's address; the rest stays as copied.
    expect(
      (await save(parent.token, next.id, { ...own, '1': 'Adik Bungsu', '26': 'Jl. Kenanga 9' })).status,
    ).toBe(200);
    const before = await read(parent.token, next.id);
    expect(before.family?.unconfirmed).not.toContain(26);
    expect(before.family?.unconfirmed).toContain(22);

    const refused = await submit(parent.token, next.id);
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toContainEqual({
      no: 22,
      label: 'Nama Ayah (disalin dari data keluarga, belum dikonfirmasi)',
    });
    expect(refused.body.missing).not.toContainEqual(expect.objectContaining({ no: 26 }));

    // Confirming one page at a time: the father's page first, then everything else that was copied.
    const fatherPage = [22, 26, 28];
    const partly = await confirm(parent.token, next.id, fatherPage);
    expect(partly.status).toBe(200);
    expect(partly.body.message).toBe('Data keluarga dikonfirmasi.');
    expect(partly.data.unconfirmed).not.toContain(22);
    expect(partly.data.unconfirmed.length).toBeGreaterThan(0);
    const rest = await confirm(parent.token, next.id, partly.data.unconfirmed);
    expect(rest.data.unconfirmed).toEqual([]);

    // Confirming never overwrote what the parent typed, nor the copies.
    const after = await read(parent.token, next.id);
    expect(after.question_answer).toMatchObject({
      '26': 'Jl. Kenanga 9',
      '22': 'Hendra Wijaya',
      '1': 'Adik Bungsu',
    });
    expect(after.question_answer['10']).toBe(answers['10']);
    expect(after.missing).toEqual([]);
    expect((await submit(parent.token, next.id)).status).toBe(200);
    // A sent form takes no more confirmations.
    expect((await confirm(parent.token, next.id, [22])).status).toBe(409);
  });

  it('confirms only the parent’s own registrant, and refuses a malformed list in Indonesian', async () => {
    const { smp, parent } = await familyWithSentForm();
    const next = await child(parent.token, smp);
    const stranger = await newParent(t);
    expect((await confirm(stranger.token, next.id, [22])).status).toBe(404);
    expect((await confirm(t.admin, next.id, [22])).status).toBe(404);
    const bad = await confirm(parent.token, next.id, 'semua');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ question_nos: 'Daftar pertanyaan tidak valid.' });
    const empty = await confirm(parent.token, next.id, []);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ question_nos: 'Pilih data yang dikonfirmasi.' });
    expect((await read(parent.token, next.id)).family?.unconfirmed).toContain(22);
  });
});

describe('siblings for staff (GET /registrant/siblings/{id})', () => {
  const siblings = (token: string, id: number) =>
    call(t.app, { method: 'GET', url: api(`/registrant/siblings/${id}`), token });

  it('links the children of one family both ways, across schools, within the caller’s schools', async () => {
    const { sd, smp, parent, first } = await familyWithSentForm();
    const next = await child(parent.token, smp);
    const unrelated = await child((await newParent(t)).token, smp);

    const ofFirst = await siblings(t.admin, first.id);
    expect(ofFirst.status).toBe(200);
    expect(ofFirst.body.data).toEqual([
      expect.objectContaining({
        id: next.id,
        registration_number: next.registration_number,
        school_name: next.school_name,
        status: 'draft',
        status_label: 'Sedang mengisi formulir',
      }),
    ]);
    const ofNext = await siblings(t.admin, next.id);
    expect((ofNext.body.data as { id: number }[]).map((s) => s.id)).toEqual([first.id]);
    expect((await siblings(t.admin, unrelated.id)).body.data).toEqual([]);

    // A role of the SD only: the SMP sibling is not shown, and the SMP child is not found.
    const sdOnly = await t.staff([flags('Calon Murid', 'read')], [sd.schoolId]);
    expect((await siblings(sdOnly, first.id)).body.data).toEqual([]);
    expect((await siblings(sdOnly, next.id)).status).toBe(404);
    // Without the Calon Murid module: refused.
    const noModule = await t.staff([flags('Pembayaran', 'read')]);
    expect((await siblings(noModule, first.id)).status).toBe(403);
    expect(smp.schoolId).not.toBe(sd.schoolId);
  });
});
