import {
  type Answers,
  CUSTOM_QUESTION_BASE,
  missingRequired,
  type Question,
  REGISTRANT_MSG,
  registrantResponseSchema,
  SURVEY_MSG,
} from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { newRegistrant } from '../../../../test/parent-journey';

/**
 * Questions a school adds to its form: staff create them through the engine (POST /mst_question), the
 * parent's registrant carries those of its school and period, and the server checks their answers and their
 * required-ness like the fixed questions.
 */
const t = appPerFile();

async function addQuestion(payload: Record<string, unknown>) {
  const res = await call(t.app, { method: 'POST', url: '/api/v1/mst_question', token: t.admin, payload });
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}
const no = (id: number) => String(CUSTOM_QUESTION_BASE + id);
const getRegistrant = async (token: string, id: number) => {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/registrant/${id}`, token });
  expect(res.status).toBe(200);
  return registrantResponseSchema.parse(res.body).data;
};
const save = (token: string, registrant_id: number, data: Answers) =>
  call(t.app, { method: 'POST', url: '/api/v1/registrant_answer', token, payload: { registrant_id, data } });

/** Every fixed required question answered (conditional ones kept away with "Tidak"). */
function fixedAnswers(): Answers {
  const value = (q: Question): unknown =>
    q.kind === 'phone'
      ? '+6281234567890'
      : q.kind === 'date'
        ? '2019-02-28'
        : q.kind === 'number'
          ? (q.min ?? 1)
          : q.kind === 'choice'
            ? q.options?.includes('Tidak')
              ? 'Tidak'
              : q.options?.[0]
            : q.kind === 'multi'
              ? [q.options?.[0]]
              : q.kind === 'table'
                ? [{ name: 'Rina', school: 'SD', class: '3' }]
                : 'Contoh';
  const answers: Answers = { '1': 'Ananda Budi' };
  for (let i = 0; i < 5; i++) for (const q of missingRequired(answers)) answers[String(q.no)] = value(q);
  return answers;
}

describe('custom questions on the registrant form', () => {
  it('carries only the active questions of its school and period, in order', async () => {
    const r = await newRegistrant(t);
    const other = await newRegistrant(t);
    const mine = await addQuestion({
      question: 'Ukuran seragam anak?',
      answer_type: 'choice',
      options: 'S\nM\nL',
      school_id: r.schoolId,
      school_period_id: r.periodId,
      sort_order: 2,
      is_required: true,
    });
    const everyone = await addQuestion({
      question: `Hobi anak ${Date.now()}?`,
      answer_type: 'text',
      sort_order: 1,
    });
    await addQuestion({ question: 'Periode lain?', answer_type: 'text', school_period_id: other.periodId });
    await addQuestion({
      question: 'Nonaktif?',
      answer_type: 'text',
      school_id: r.schoolId,
      is_active: false,
    });

    const data = await getRegistrant(r.parent.token, r.id);
    expect(data.custom_questions.map((q) => q.id)).toEqual([everyone, mine]);
    expect(data.custom_questions[1]).toMatchObject({
      answer_type: 'choice',
      options: 'S\nM\nL',
      is_required: true,
    });
    expect(data.missing.map((m) => m.label)).toContain('Ukuran seragam anak?');
  });

  it('checks answers against the question: a choice outside the list, a number that is text, another period', async () => {
    const r = await newRegistrant(t);
    const other = await newRegistrant(t);
    const size = await addQuestion({
      question: 'Ukuran sepatu?',
      answer_type: 'choice',
      options: '30\n31',
      school_period_id: r.periodId,
    });
    const siblings = await addQuestion({
      question: 'Jumlah saudara?',
      answer_type: 'number',
      school_period_id: r.periodId,
    });
    const elsewhere = await addQuestion({
      question: 'Lain?',
      answer_type: 'text',
      school_period_id: other.periodId,
    });

    const bad = await save(r.parent.token, r.id, { [no(size)]: '45', [no(siblings)]: 'dua' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      [no(size)]: SURVEY_MSG.option,
      [no(siblings)]: SURVEY_MSG.number(0, 999_999_999),
    });

    const unknown = await save(r.parent.token, r.id, { [no(elsewhere)]: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(SURVEY_MSG.unknown);

    const ok = await save(r.parent.token, r.id, { [no(size)]: '31', [no(siblings)]: 2 });
    expect(ok.status).toBe(200);
    expect((await getRegistrant(r.parent.token, r.id)).question_answer).toMatchObject({
      [no(size)]: '31',
      [no(siblings)]: 2,
    });

    // Staff find the answers in the applicants export, after the fixed questions.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/registrants/export/admin?school_period_id=${r.periodId}&format=csv`,
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(csv.statusCode).toBe(200);
    const [heading, row] = csv.body.trim().split('\r\n');
    expect(heading!.endsWith(',Pertanyaan Tambahan')).toBe(true);
    expect(row).toContain('Ukuran sepatu?: 31; Jumlah saudara?: 2');
  });

  it('keeps Submit closed until a required custom question is answered', async () => {
    const r = await newRegistrant(t);
    const q = await addQuestion({
      question: 'Alergi makanan?',
      answer_type: 'textarea',
      school_id: r.schoolId,
      school_period_id: r.periodId,
      is_required: true,
    });
    expect((await save(r.parent.token, r.id, fixedAnswers())).status).toBe(200);
    const submit = () =>
      call(t.app, { method: 'POST', url: `/api/v1/registrant/submit/${r.id}`, token: r.parent.token });

    const refused = await submit();
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toEqual([{ no: CUSTOM_QUESTION_BASE + q, label: 'Alergi makanan?' }]);

    expect((await save(r.parent.token, r.id, { [no(q)]: 'Tidak ada' })).status).toBe(200);
    const accepted = await submit();
    expect(accepted.status).toBe(200);
    expect((await getRegistrant(r.parent.token, r.id)).locked).toBe(true);
    expect((await save(r.parent.token, r.id, { [no(q)]: 'Kacang' })).body.message).toBe(
      REGISTRANT_MSG.locked,
    );
  });

  it('refuses an answer type the form does not know', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/mst_question',
      token: t.admin,
      payload: { question: 'Unggah?', answer_type: 'html' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('answer_type');
  });
});
