import { INCOME_BRACKETS, type RoleModule, SPECIAL_NEEDS, STAFF_ANSWER_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newRegistrant } from '../../../../test/parent-journey';

jest.setTimeout(120_000);

const t = appPerFile();

const flags = (name: string, read = 1): RoleModule => ({
  mst_module_name: name,
  read_action: read as 0 | 1,
  insert_action: 0,
  update_action: 0,
  delete_action: 0,
});

const THERAPY = 'Terapi wicara setiap Selasa di RS Harapan';
const INCOME = INCOME_BRACKETS[INCOME_BRACKETS.length - 1]!;

async function registrantWithSensitiveAnswers() {
  const r = await newRegistrant(t);
  const saved = await call(t.app, {
    method: 'POST',
    url: api('/registrant_answer'),
    token: r.parent.token,
    payload: {
      registrant_id: r.id,
      data: {
        '1': 'Rara Kusuma',
        '7': 'AB',
        '19': 'Ya',
        '20': [SPECIAL_NEEDS[0]],
        '21': THERAPY,
        '31': INCOME,
      },
    },
  });
  expect(saved.status).toBe(200);
  return r;
}

const views = async (registrantId: number) =>
  (
    await t.ownerPool.query<{ via: string; question_nos: number[] }>(
      'SELECT via, question_nos FROM sensitive_views WHERE registrant_id = $1 ORDER BY id',
      [registrantId],
    )
  ).rows;

describe('sensitive answers (module Data Sensitif)', () => {
  it('are left out of the record for staff without the module, shown and logged for staff with it', async () => {
    const r = await registrantWithSensitiveAnswers();
    const without = await t.staff([flags('Calon Murid')]);
    const withIt = await t.staff([flags('Calon Murid'), flags('Data Sensitif')]);

    const hidden = await call(t.app, { method: 'GET', url: api(`/registrant/${r.id}`), token: without });
    expect(hidden.status).toBe(200);
    const answers = hidden.body.data as {
      question_answer: Record<string, unknown>;
      hidden_answers: number[];
    };
    expect(answers.question_answer['1']).toBe('Rara Kusuma');
    for (const no of ['7', '19', '20', '21', '31']) expect(answers.question_answer).not.toHaveProperty(no);
    expect(answers.hidden_answers).toEqual([7, 19, 20, 21, 31]);
    expect(JSON.stringify(hidden.body)).not.toContain(THERAPY);
    // Not seen, not logged.
    expect(await views(r.id)).toEqual([]);

    const shown = await call(t.app, { method: 'GET', url: api(`/registrant/${r.id}`), token: withIt });
    const full = shown.body.data as { question_answer: Record<string, unknown>; hidden_answers?: number[] };
    expect(full.question_answer['21']).toBe(THERAPY);
    expect(full.hidden_answers).toBeUndefined();
    expect(await views(r.id)).toEqual([{ via: 'detail', question_nos: [7, 19, 20, 21, 31] }]);

    // The parent reads their own child's answers whole, and that is no staff access.
    const own = await call(t.app, { method: 'GET', url: api(`/registrant/${r.id}`), token: r.parent.token });
    expect((own.body.data as { question_answer: Record<string, unknown> }).question_answer['31']).toBe(
      INCOME,
    );
    expect(await views(r.id)).toHaveLength(1);
  });

  it('are columns of the export only with the module, and each exported registrant is logged', async () => {
    const r = await registrantWithSensitiveAnswers();
    const exportAs = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: api(`/registrants/export/admin?school_period_id=${r.periodId}&format=csv`),
        headers: { authorization: `Bearer ${token}` },
      });
    const without = await exportAs(await t.staff([flags('Calon Murid')]));
    expect(without.statusCode).toBe(200);
    expect(without.body).toContain('Rara Kusuma');
    expect(without.body).not.toContain(THERAPY);
    expect(without.body).not.toContain('Golongan Darah');
    expect(without.body).not.toContain('Penghasilan per Bulan');
    expect(await views(r.id)).toEqual([]);

    const withIt = await exportAs(await t.staff([flags('Calon Murid'), flags('Data Sensitif')]));
    expect(withIt.body).toContain(THERAPY);
    expect(withIt.body).toContain('Penghasilan per Bulan');
    expect(await views(r.id)).toEqual([{ via: 'export', question_nos: [7, 19, 20, 21, 31] }]);
  });

  it('never appear in the staff list', async () => {
    const r = await registrantWithSensitiveAnswers();
    for (const token of [await t.staff([flags('Calon Murid')]), t.admin]) {
      const list = await t.app.inject({
        method: 'GET',
        url: api(`/registrants/admin?school_period_id=${r.periodId}`),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('Rara Kusuma');
      expect(list.body).not.toContain(THERAPY);
      expect(list.body).not.toContain(INCOME);
    }
  });

  it('cannot be overwritten by staff who are not shown them', async () => {
    const r = await registrantWithSensitiveAnswers();
    const edit = (token: string, data: Record<string, unknown>) =>
      call(t.app, { method: 'PUT', url: api(`/registrant/answer/${r.id}`), token, payload: { data } });
    const answer = async (no: number) =>
      (
        await t.ownerPool.query<{ v: unknown }>(
          'SELECT question_answer -> $2::text AS v FROM registrants WHERE id = $1',
          [r.id, String(no)],
        )
      ).rows[0]!.v;
    const editor: RoleModule = { ...flags('Calon Murid'), update_action: 1 };
    const without = await t.staff([editor]);
    const refused = await edit(without, { '21': 'Tidak ada terapi' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STAFF_ANSWER_MSG.sensitive);
    expect(await answer(21)).toBe(THERAPY);
    // Other answers are theirs to correct as before.
    expect((await edit(without, { '2': 'Rara' })).status).toBe(200);
    expect(await answer(2)).toBe('Rara');

    const withIt = await t.staff([editor, flags('Data Sensitif')]);
    const allowed = await edit(withIt, { '21': 'Tidak ada terapi' });
    expect(allowed.status).toBe(200);
    expect(await answer(21)).toBe('Tidak ada terapi');
  });
});
