import { LEGGER_MSG, MODULE_NAMES } from '@psb/contracts';
import ExcelJS from 'exceljs';
import { appPerFile } from '../../../../test/app-per-file';
import { fileForm } from '../../../../test/file-form';
import { api, call } from '../../../../test/helpers';
import { newRegistrant } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

/**
 * The legger through HTTP: the template lists the period's registrants and the live subjects; a filled file
 * is checked as a whole (every problem with its row and column) and written in one go or not at all.
 */
const t = appPerFile();

async function template(periodId: number, token = t.admin) {
  const res = await t.app.inject({
    method: 'GET',
    url: api(`/registrants/import/legger/template?school_period_id=${periodId}`),
    headers: { authorization: `Bearer ${token}` },
  });
  return res;
}

async function sheetOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(body).buffer);
  return book.worksheets[0]!;
}

function upload(periodId: number, file: Buffer, { dryRun = false, token = t.admin } = {}) {
  return call(t.app, {
    method: 'POST',
    url: api(`/registrants/import/legger?school_period_id=${periodId}&dry_run=${dryRun}`),
    token,
    ...fileForm(file, 'legger.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  });
}

const scoresOf = async (registrantId: number) =>
  (
    await t.ownerPool.query<{ name: string; score: string }>(
      `SELECT s.name, sc.score FROM registrant_subject_scores sc
       JOIN mst_subjects s ON s.tenant_id = sc.tenant_id AND s.id = sc.mst_subject_id
       WHERE sc.registrant_id = $1 ORDER BY s.name`,
      [registrantId],
    )
  ).rows.map((r) => [r.name, Number(r.score)]);

/** A period with two registrants (the second moved into the first's period), in registration-number order. */
async function periodWithTwo() {
  const a = await newRegistrant(t);
  const b = await newRegistrant(t);
  await t.ownerPool.query('UPDATE registrants SET school_period_id = $2 WHERE id = $1', [b.id, a.periodId]);
  const rows = (
    await t.ownerPool.query<{ id: number; registration_number: string }>(
      'SELECT id, registration_number FROM registrants WHERE id = ANY($1) ORDER BY registration_number',
      [[a.id, b.id]],
    )
  ).rows;
  return {
    periodId: a.periodId,
    schoolId: a.schoolId,
    numbers: rows.map((r) => r.registration_number),
    ids: rows.map((r) => r.id),
  };
}

describe('the legger', () => {
  it('gives a template with the period’s registrants and a column per live subject', async () => {
    const p = await periodWithTwo();
    const res = await template(p.periodId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Templat%20Legger.xlsx');
    const ws = await sheetOf(res.rawPayload);
    const heading = (ws.getRow(1).values as unknown[]).slice(1);
    expect(heading.slice(0, 2)).toEqual(['No. Pendaftaran', 'Nama Calon Murid']);
    expect(heading).toEqual(expect.arrayContaining(['Matematika', 'Bahasa Indonesia']));
    expect([ws.getCell(2, 1).value, ws.getCell(3, 1).value]).toEqual(p.numbers);
    expect(ws.rowCount).toBe(3);
  });

  it('checks first (dry run writes nothing), then writes every score in one go; the export shows them', async () => {
    const p = await periodWithTwo();
    const ws = await sheetOf((await template(p.periodId)).rawPayload);
    const col = (name: string) => (ws.getRow(1).values as unknown[]).indexOf(name);
    ws.getCell(2, col('Matematika')).value = 87.5;
    ws.getCell(2, col('Bahasa Indonesia')).value = '90,25';
    ws.getCell(3, col('Matematika')).value = 70;
    const file = Buffer.from(await ws.workbook.xlsx.writeBuffer());

    const dry = await upload(p.periodId, file, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, rows: 2, scores: 3, message: LEGGER_MSG.valid(2) });
    expect(await scoresOf(p.ids[0]!)).toEqual([]);

    const done = await upload(p.periodId, file);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ dry_run: false, rows: 2, scores: 3 });
    const first =
      p.numbers[0] ===
      (await t.ownerPool.query('SELECT registration_number FROM registrants WHERE id = $1', [p.ids[0]]))
        .rows[0].registration_number
        ? p.ids[0]!
        : p.ids[1]!;
    expect(await scoresOf(first)).toEqual([
      ['Bahasa Indonesia', 90.25],
      ['Matematika', 87.5],
    ]);

    const exported = await t.app.inject({
      method: 'GET',
      url: api(`/registrants/export/legger?school_period_id=${p.periodId}`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('Legger%20Murid.xlsx');
    const out = await sheetOf(exported.rawPayload);
    expect(out.getCell(2, col('Matematika')).value).toBe(87.5);
    expect(out.getCell(3, col('Matematika')).value).toBe(70);
  });

  it('reports every bad row (row, column, message) and writes nothing, not even the good rows', async () => {
    const p = await periodWithTwo();
    const ws = await sheetOf((await template(p.periodId)).rawPayload);
    const col = (name: string) => (ws.getRow(1).values as unknown[]).indexOf(name);
    ws.getCell(2, col('Matematika')).value = 88; // a good row
    ws.getCell(3, col('Matematika')).value = 101;
    ws.addRow(['PSB-TIDAK-ADA', 'Siapa', 80]);
    ws.addRow([p.numbers[0], 'Lagi', 75]);
    const file = Buffer.from(await ws.workbook.xlsx.writeBuffer());

    for (const dryRun of [true, false]) {
      const res = await upload(p.periodId, file, { dryRun });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(LEGGER_MSG.invalid(3));
      expect(res.body.problems).toEqual([
        { row: 3, column: 'Matematika', message: LEGGER_MSG.score },
        { row: 4, column: 'No. Pendaftaran', message: LEGGER_MSG.unknownNumber('PSB-TIDAK-ADA') },
        { row: 5, column: 'No. Pendaftaran', message: LEGGER_MSG.duplicateNumber(p.numbers[0]!, 2) },
      ]);
    }
    for (const id of p.ids) expect(await scoresOf(id)).toEqual([]);
  });

  it('refuses what is not a legger with an Indonesian message', async () => {
    const p = await periodWithTwo();
    const notXlsx = await upload(p.periodId, Buffer.from('No. Pendaftaran,Matematika\n'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.problems).toEqual([{ row: 0, column: '', message: LEGGER_MSG.fileType }]);
    const noPeriod = await call(t.app, {
      method: 'GET',
      url: api('/registrants/export/legger'),
      token: t.admin,
    });
    expect(noPeriod.status).toBe(400);
  });

  it('needs Legger Murid permission and keeps to the role’s schools', async () => {
    const p = await periodWithTwo();
    const parent = await newRegistrant(t);
    expect((await template(p.periodId, parent.parent.token)).statusCode).toBe(403);

    const everythingBut = MODULE_NAMES.filter((m) => m !== 'Legger Murid').map((m) =>
      flags(m, 'read', 'insert', 'update', 'delete'),
    );
    const legger = flags('Legger Murid', 'read', 'update');
    const without = await t.staff(everythingBut);
    expect((await template(p.periodId, without)).statusCode).toBe(403);
    const smp = (await t.ownerPool.query('SELECT id FROM schools WHERE level = $1', ['SMP'])).rows[0].id;
    const otherSchool = await t.staff([...everythingBut, legger], [smp]);
    expect((await template(p.periodId, otherSchool)).statusCode).toBe(404);
    const sameSchool = await t.staff([...everythingBut, legger], [p.schoolId]);
    expect((await template(p.periodId, sameSchool)).statusCode).toBe(200);
  });
});
