/**
 * NIK through HTTP: the parent's form saves any NIK (a warning, never a block); staff see what looks wrong in
 * it, and registrants sharing a NIK are look-alikes across the foundation's schools.
 */
import { NIK_WARNING } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod, registrantIn } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();

type Registrant = Awaited<ReturnType<typeof registrantIn>>;

const answer = (r: Registrant, data: Record<string, unknown>) =>
  call(t.app, {
    method: 'POST',
    url: api('/registrant_answer'),
    token: r.parent.token,
    payload: { registrant_id: r.id, data },
  });

type Side = { id: number; nik: string | null; nik_warnings: string[]; reasons?: string[] };
async function compared(id: number, token = t.admin) {
  const res = await call(t.app, { method: 'GET', url: api(`/registrant/duplicates/${id}`), token });
  expect(res.status).toBe(200);
  return res.body.data as { registrant: Side; duplicates: Side[] };
}

describe('NIK', () => {
  it('is saved whatever its structure, and staff are warned of what does not match', async () => {
    const r = await registrantIn(t, await openPeriod(t));
    // A boy's NIK (day 15) for a girl born on the 16th, and one from no known district: both saved.
    const saved = await answer(r, {
      '1': 'Ayu Lestari',
      '4': '2010-01-16',
      '5': 'Perempuan',
      '103': '3171011501100001',
    });
    expect(saved.status).toBe(200);
    expect((await compared(r.id)).registrant).toMatchObject({
      nik: '3171011501100001',
      nik_warnings: [
        NIK_WARNING.birthDate('15-01-2010', '16-01-2010'),
        NIK_WARNING.sex('Laki-Laki', 'Perempuan'),
      ],
    });

    expect((await answer(r, { '103': '9999995601100001', '4': '2010-01-16' })).status).toBe(200);
    expect((await compared(r.id)).registrant.nik_warnings).toEqual([NIK_WARNING.region]);

    expect((await answer(r, { '103': '3171015601100001' })).status).toBe(200);
    expect((await compared(r.id)).registrant.nik_warnings).toEqual([]);
  });

  it('finds registrants sharing a NIK across the foundation’s schools, whatever their names', async () => {
    const sd = await registrantIn(t, await openPeriod(t, { level: 'SD' }));
    const smp = await registrantIn(t, await openPeriod(t, { level: 'SMP' }));
    const other = await registrantIn(t, await openPeriod(t, { level: 'SMP' }));
    expect((await answer(sd, { '1': 'Budi', '4': '2012-03-01', '103': '3273020103120007' })).status).toBe(
      200,
    );
    expect(
      (await answer(smp, { '1': 'Budi Santoso', '4': '2012-03-02', '103': '3273020103120007' })).status,
    ).toBe(200);
    expect((await answer(other, { '1': 'Budi', '4': '2012-03-05', '103': '3273020103120008' })).status).toBe(
      200,
    );

    const cmp = await compared(sd.id);
    expect(cmp.duplicates.map((d) => [d.id, d.reasons])).toEqual([[smp.id, ['nik']]]);
    expect(cmp.registrant.nik).toBe('3273020103120007');

    // The NIK is a sensitive answer: without Data Sensitif the match is shown, the number is not.
    const verifier = await t.staff([flags('Calon Murid', 'read')]);
    const hidden = await compared(sd.id, verifier);
    expect(hidden.duplicates.map((d) => [d.id, d.reasons, d.nik])).toEqual([[smp.id, ['nik'], null]]);
    expect(hidden.registrant.nik).toBeNull();
    const detail = await call(t.app, { method: 'GET', url: api(`/registrant/${sd.id}`), token: verifier });
    expect((detail.body.data as { hidden_answers: number[] }).hidden_answers).toContain(103);
    expect(JSON.stringify(detail.body)).not.toContain('3273020103120007');
  });
});
