import { REPORTS } from '@psb/contracts';
import { appPerFile } from '../../../test/app-per-file';
import { api, call } from '../../../test/helpers';
import { type Season, season } from '../../../test/season';

jest.setTimeout(120_000);

const t = appPerFile();
let s: Season;
let RESP: string;
const BANK = { code: '1-9900', name: 'Bank Uji' };

beforeAll(async () => {
  s = await season(t, t.admin);
  // Accounts: a journal, its bank account (debit side of the payment type in the period) and a responsibility centre of the school
  // (its code sorts first, so it is the one picked among the school's).
  const q = (text: string, values: unknown[]) => t.ownerPool.query<{ id: number }>(text, values);
  const jurnal = await q(
    "INSERT INTO mst_jurnals (tenant_id, code, name) VALUES ($1, 'JUJI', 'Jurnal Uji') RETURNING id",
    [s.tenantId],
  );
  const bank = await q(
    "INSERT INTO mst_coas (tenant_id, code, name, account_type, mst_jurnal_id) VALUES ($1, $2, $3, 'aset', $4) RETURNING id",
    [s.tenantId, BANK.code, BANK.name, jurnal.rows[0]!.id],
  );
  await q(
    'INSERT INTO school_payments (tenant_id, school_period_id, mst_type_payment_id, mst_coa_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [s.tenantId, s.periodId, s.typeId, bank.rows[0]!.id],
  );
  // The school's responsibility centre (the demo masters give every school one).
  const resp = await t.ownerPool.query<{ code: string }>(
    "INSERT INTO mst_resps (tenant_id, code, name, school_id) VALUES ($1, 'A-UJI', 'Uji', $2) RETURNING code",
    [s.tenantId, s.schoolId],
  );
  RESP = resp.rows[0]!.code;
});

type Line = Record<string, string | number | null>;

describe('accounting journal', () => {
  it('journals every paid installment once, balanced per entry and in total', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: api(`/report/accounting_journal?mst_type_payment_id=${s.typeId}`),
      token: t.admin,
    });
    expect(res.status).toBe(200);
    const { rows, totals } = res.body.data as { rows: Line[]; totals: Record<string, number> };
    expect(totals.debit).toBe(s.paidTotal);
    expect(totals.credit).toBe(s.paidTotal);
    const entries = new Map<string, { debit: number; credit: number }>();
    for (const r of rows) {
      const e = entries.get(String(r.voucher_no)) ?? { debit: 0, credit: 0 };
      e.debit += Number(r.debit);
      e.credit += Number(r.credit);
      entries.set(String(r.voucher_no), e);
    }
    // The bill paid in full (one installment) and the first installment of the split bill.
    expect(entries.size).toBe(2);
    for (const e of entries.values()) expect(e.debit).toBe(e.credit);
    const debits = rows.filter((r) => Number(r.debit) > 0);
    expect(debits.map((r) => [r.account_code, r.account_name, r.journal_code, r.resp_code])).toEqual([
      [BANK.code, BANK.name, 'JUJI', RESP],
      [BANK.code, BANK.name, 'JUJI', RESP],
    ]);
    // Bills made from one amount have no component: their credit is shown unmapped, still balanced.
    for (const r of rows.filter((x) => Number(x.credit) > 0))
      expect(r.account_name).toBe('Akun belum dipetakan');
  });

  it('exports a tab-separated text file for the accounting system', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/report/accounting_journal/export?mst_type_payment_id=${s.typeId}&format=txt`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-disposition']).toContain('filename="Jurnal Akuntansi.txt"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]!.split('\t')).toContain('Debit');
    const body = lines.slice(1).map((l) => l.split('\t'));
    const debitCol = lines[0]!.split('\t').indexOf('Debit');
    const creditCol = lines[0]!.split('\t').indexOf('Kredit');
    const total = (col: number) => body.reduce((a, l) => a + Number(l[col]), 0);
    expect(total(debitCol)).toBe(s.paidTotal);
    expect(total(creditCol)).toBe(s.paidTotal);
  });

  it('writes in the text file exactly the lines of the screen, a tab or line break in a value made one space', async () => {
    await t.ownerPool.query('UPDATE registrants SET name = $1 WHERE id = $2', [
      'Budi\t\tSan\r\ntoso',
      s.registrantIds[0],
    ]);
    const url = `/report/accounting_journal?mst_type_payment_id=${s.typeId}`;
    const screen = await call(t.app, { method: 'GET', url: api(url), token: t.admin });
    const { rows } = screen.body.data as { rows: Line[] };
    const file = await t.app.inject({
      method: 'GET',
      url: api(url.replace('?', '/export?format=txt&')),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(file.statusCode).toBe(200);
    // The rule the file has always followed: nothing is an empty cell, a run of tabs and line breaks one space.
    const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' '));
    const columns = REPORTS.accounting_journal.columns;
    const expected = [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => r[c.key]))].map(
      (cells) => `${cells.map(cell).join('\t')}\r\n`,
    );
    expect(rows.some((r) => String(r.memo).endsWith(' Budi\t\tSan\r\ntoso'))).toBe(true);
    expect(file.body).toBe(expected.join(''));
  });

  it('splits a payment over the bill lines in whole rupiah, the remainder on the largest line', async () => {
    // The open bill (750.500) given three lines of 333.334 / 333.333 / 333.333 (a discount takes the bill below
    // its lines), then paid in one go: shares round down to 250.167 / 250.166 / 250.166 and the rupiah left over
    // goes to the largest line.
    const { rows: bills } = await t.ownerPool.query<{ id: number; school_id: number }>(
      'SELECT id, school_id FROM registrant_header_payments WHERE tenant_id = $1 AND registrant_id = $2',
      [s.tenantId, s.registrantIds[2]],
    );
    const bill = bills[0]!;
    await t.ownerPool.query(
      'DELETE FROM registrant_detail_payments WHERE tenant_id = $1 AND header_id = $2',
      [s.tenantId, bill.id],
    );
    for (const [name, amount] of [
      ['Gedung', 333_334],
      ['Seragam', 333_333],
      ['Kegiatan', 333_333],
    ] as const)
      await t.ownerPool.query(
        "INSERT INTO registrant_detail_payments (tenant_id, header_id, school_id, kind, name, amount) VALUES ($1, $2, $3, 'custom', $4, $5)",
        [s.tenantId, bill.id, bill.school_id, name, amount],
      );
    const paid = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/approve_payment/${bill.id}`),
      token: t.admin,
      payload: { method: 'transfer', reason: 'Transfer bank' },
    });
    expect(paid.status).toBe(200);
    const res = await call(t.app, {
      method: 'GET',
      url: api(`/report/accounting_journal?mst_type_payment_id=${s.typeId}`),
      token: t.admin,
    });
    const rows = (res.body.data as { rows: Line[] }).rows;
    const entry = rows.filter((r) => /^(Gedung|Seragam|Kegiatan) /.test(String(r.memo)));
    expect(entry.map((r) => [String(r.memo).split(' ')[0], r.credit])).toEqual([
      ['Gedung', 250_168],
      ['Seragam', 250_166],
      ['Kegiatan', 250_166],
    ]);
    const { totals } = res.body.data as { totals: Record<string, number> };
    expect(totals.debit).toBe(totals.credit);
    expect(totals.debit).toBe(s.paidTotal + s.amounts.open);
    // The count the screen gives (summed apart from the lines it shows) is the number of lines written.
    const data = res.body.data as { rows: Line[]; row_count: number; truncated: boolean };
    expect(data.rows.length).toBeGreaterThan(entry.length);
    expect([data.row_count, data.truncated]).toEqual([data.rows.length, false]);
  });

  it('needs read on Laporan', async () => {
    const res = await call(t.app, { method: 'GET', url: api('/report/accounting_journal') });
    expect(res.status).toBe(401);
  });
});

describe('the demo set-up', () => {
  it('maps every account the journal uses: the receiving account of each payment per period, each component', async () => {
    const { rows } = await t.ownerPool.query<{
      unmapped_debit: number;
      unmapped_credit: number;
      settings: number;
    }>(
      `SELECT (SELECT count(*) FILTER (WHERE sp.mst_coa_id IS NULL) FROM school_payments sp
                 JOIN tenants tn ON tn.id = sp.tenant_id AND tn.slug = 'demo')::int AS unmapped_debit,
              (SELECT count(*) FROM school_payments sp JOIN tenants tn ON tn.id = sp.tenant_id AND tn.slug = 'demo')::int
                AS settings,
              (SELECT count(*) FILTER (WHERE mp.mst_coa_id IS NULL) FROM mst_payments mp
                 JOIN tenants tn ON tn.id = mp.tenant_id AND tn.slug = 'demo')::int AS unmapped_credit`,
    );
    expect(rows[0]).toEqual({ unmapped_debit: 0, unmapped_credit: 0, settings: expect.any(Number) });
    expect(rows[0]!.settings).toBeGreaterThan(0);
  });
});
