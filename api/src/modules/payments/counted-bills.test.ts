/**
 * Which bills the money figures count is written twice: COUNTED_BILL_SQL for the screens that read bills, and
 * the database rule report_bill_counts behind the dashboard's running sums (modules/reports/sql). Over every
 * combination of what the rule reads, both must give the same answer.
 */
import { REPORTED_BILL_STATES } from '@psb/contracts';
import pg from 'pg';
import { migratedDatabase } from '../../../test/helpers';
import { COUNTED_BILL_SQL } from './counted-bills';

jest.setTimeout(60_000);

let scratch: Awaited<ReturnType<typeof migratedDatabase>>;
let db: pg.Client;

beforeAll(async () => {
  scratch = await migratedDatabase();
  db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await scratch?.drop();
});

it('counts the same bills as the dashboard’s database rule', async () => {
  const { rows } = await db.query<{ bill: unknown; registrant: unknown; screens: boolean; sums: boolean }>(
    `
    WITH grid AS (
      SELECT jsonb_build_object('state', state, 'show_at_graduation', at_graduation,
               'deleted_at', CASE WHEN bill_gone THEN now() END) AS bill,
             jsonb_build_object('is_accepted', accepted,
               'deleted_at', CASE WHEN registrant_gone THEN now() END) AS registrant
      FROM unnest(ARRAY['draft', 'published', 'partially_paid', 'paid', 'cancelled']) state,
           unnest(ARRAY[false, true]) at_graduation, unnest(ARRAY[false, true]) bill_gone,
           unnest(ARRAY[false, true]) registrant_gone, unnest(ARRAY[NULL, false, true]) accepted
    )
    SELECT g.bill, g.registrant, ${COUNTED_BILL_SQL} AS screens,
           -- report_add_bill: a deleted bill is never summed, the days are read for the reported states.
           (h.deleted_at IS NULL AND h.state = ANY ($1) AND report_bill_counts(r, h.state, h.show_at_graduation)) AS sums
    FROM grid g,
         jsonb_populate_record(NULL::registrant_header_payments, g.bill) h,
         jsonb_populate_record(NULL::registrants, g.registrant) r`,
    [REPORTED_BILL_STATES],
  );
  expect(rows).toHaveLength(120);
  expect(rows.filter((x) => x.screens !== x.sums)).toEqual([]);
  // Both ways some bills count and some do not: the comparison is not between two constants.
  expect(new Set(rows.map((x) => x.screens))).toEqual(new Set([true, false]));
});
