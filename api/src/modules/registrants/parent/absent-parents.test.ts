import { registrantResponseSchema, SURVEY_PAGES } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { completeAnswers, newRegistrant } from '../../../../test/parent-journey';

/** A parent marked absent (passed away, or not in the picture) is not asked about; with both absent, the guardian is. */
const t = appPerFile({ signIn: false });

const save = (token: string, registrant_id: number, data: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/registrant_answer', token, payload: { registrant_id, data } });

describe('a parent marked absent', () => {
  const submit = (token: string, id: number) =>
    call(t.app, {
      method: 'POST',
      url: `/api/v1/registrant/submit/${id}`,
      token,
      payload: { generate_schedule: false },
    });
  /** The questions of a tab (every page of it). */
  const tabQuestions = (tab: string) =>
    new Set(SURVEY_PAGES.filter((p) => p.tab === tab).flatMap((p) => p.questions.map((q) => String(q.no))));
  /** Every answer of a complete form except those of the given tabs. */
  const without = (...tabs: string[]) => {
    const left = new Set(tabs.flatMap((tab) => [...tabQuestions(tab)]));
    return Object.fromEntries(Object.entries(completeAnswers()).filter(([no]) => !left.has(no)));
  };
  const withoutFather = () => without('ayah');

  it("is not asked for: the server submits without the father's answers once he is marked absent", async () => {
    const r = await newRegistrant(t);
    const token = r.parent.token;
    expect((await save(token, r.id, withoutFather())).status).toBe(200);
    // Present (or not marked), his answers are required as before.
    expect((await save(token, r.id, { '101': 'Ada' })).status).toBe(200);
    const refused = await submit(token, r.id);
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toContainEqual({ no: 22, label: 'Nama Ayah' });
    expect(refused.body.missing).not.toContainEqual(expect.objectContaining({ no: 32 }));
    // A value outside the options is refused with the field's message.
    const odd = await save(token, r.id, { '101': 'Entah' });
    expect(odd.status).toBe(400);
    expect(odd.body.errors).toEqual({ '101': 'Pilih salah satu pilihan yang tersedia.' });

    expect((await save(token, r.id, { '101': 'Sudah Meninggal' })).status).toBe(200);
    const ok = await submit(token, r.id);
    expect(ok.status).toBe(200);
    const got = registrantResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: `/api/v1/registrant/${r.id}`, token })).body,
    ).data;
    expect(got).toMatchObject({ is_submit: true });
    expect(got.question_answer).toMatchObject({ '101': 'Sudah Meninggal' });
    expect(got.question_answer).not.toHaveProperty('22');
  });

  it("asks for the guardian instead when neither parent is there, and submits once the guardian's answers are in", async () => {
    const r = await newRegistrant(t);
    const token = r.parent.token;
    const answers = without('ayah', 'ibu', 'wali');
    expect(
      (await save(token, r.id, { ...answers, '101': 'Sudah Meninggal', '102': 'Tidak Ada' })).status,
    ).toBe(200);
    const refused = await submit(token, r.id);
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toContainEqual({ no: 84, label: 'Nama Wali' });
    expect(refused.body.missing).not.toContainEqual(expect.objectContaining({ no: 22 }));
    expect(refused.body.missing).not.toContainEqual(expect.objectContaining({ no: 32 }));
    // The father's answers, given as a guardian's (the same shape, the guardian's numbers), complete the form.
    const father = tabQuestions('ayah');
    const guardianNo = new Map([...father].filter((no) => no !== '101').map((no, i) => [no, i]));
    const guardian = [...tabQuestions('wali')];
    const asGuardian = Object.fromEntries(
      Object.entries(completeAnswers())
        .filter(([no]) => guardianNo.has(no))
        .map(([no, value]) => [guardian[guardianNo.get(no) ?? -1], value]),
    );
    expect((await save(token, r.id, asGuardian)).status).toBe(200);
    const ok = await submit(token, r.id);
    expect(ok.status).toBe(200);
  });
});
