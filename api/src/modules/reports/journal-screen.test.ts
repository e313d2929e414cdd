import { REPORTS } from '@psb/contracts';
import { appPerFile } from '../../../test/app-per-file';
import { api, call } from '../../../test/helpers';
import { kyselyOnPool } from '../../db/kysely';
import { generateSeason } from '../../db/season';

jest.setTimeout(180_000);

// The screen reads the journal its own way (count and totals summed per bill and amount, lines of its first
// installments only); the file writes every line of the whole journal. On a season longer than the screen both
// must tell the same journal.
const t = appPerFile({ dashboardCacheMs: 0 });
let schoolId: number;

beforeAll(async () => {
  await generateSeason(t.ownerPool, { registrants: 700, seed: 13 });
  // The demo school with the most paid installments.
  const busiest = await kyselyOnPool(t.ownerPool)
    .selectFrom('registrant_installment_payments as i')
    .innerJoin('registrant_header_payments as h', (j) =>
      j.onRef('h.tenant_id', '=', 'i.tenant_id').onRef('h.id', '=', 'i.header_id'),
    )
    .innerJoin('tenants as tn', (j) => j.onRef('tn.id', '=', 'h.tenant_id').on('tn.slug', '=', 'demo'))
    .select('h.school_id')
    .where('i.paid_at', 'is not', null)
    .groupBy('h.school_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  schoolId = busiest.school_id;
});

type Line = Record<string, string | number | null>;

/** The screen and the text file of the journal under the same filters. */
async function both(query: string) {
  const screen = await call(t.app, {
    method: 'GET',
    url: api(`/report/accounting_journal?${query}`),
    token: t.admin,
  });
  expect(screen.status).toBe(200);
  const file = await t.app.inject({
    method: 'GET',
    url: api(`/report/accounting_journal/export?format=txt&${query}`),
    headers: { authorization: `Bearer ${t.admin}` },
  });
  expect(file.statusCode).toBe(200);
  const [, ...lines] = file.body.trimEnd().split('\r\n');
  const data = screen.body.data as {
    rows: Line[];
    totals: Record<string, number>;
    row_count: number;
    truncated: boolean;
  };
  return { data, lines };
}

const columns = REPORTS.accounting_journal.columns;
const asLine = (r: Line) => columns.map((c) => (r[c.key] === null ? '' : String(r[c.key]))).join('\t');
const sumOf = (lines: string[], label: string) => {
  const col = columns.findIndex((c) => c.label === label);
  return lines.reduce((a, l) => a + Number(l.split('\t')[col]), 0);
};

describe('accounting journal screen over a season longer than the screen', () => {
  it.each([
    ['every school', ''],
    ['one school', () => `school_id=${schoolId}`],
    ['a date range', 'date_from=2000-01-01&date_to=2100-12-31'],
    ['nothing paid in range', 'date_from=2100-01-01'],
  ])('shows the file’s first lines and counts and sums all of its lines (%s)', async (_, q) => {
    const { data, lines } = await both(typeof q === 'function' ? q() : q);
    expect(data.row_count).toBe(lines.length);
    expect(data.truncated).toBe(lines.length > 2000);
    expect(data.rows.map(asLine)).toEqual(lines.slice(0, 2000));
    expect(data.totals).toEqual({ debit: sumOf(lines, 'Debit'), credit: sumOf(lines, 'Kredit') });
  });

  it('is cut short at 2,000 lines on this season', async () => {
    const { data } = await both('');
    expect(data.truncated).toBe(true);
    expect(data.rows).toHaveLength(2000);
  });
});
