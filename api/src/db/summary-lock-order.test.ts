/**
 * A registrant's running summaries (duplicate counts, list counts, the reports' days) are updated by triggers
 * in one order for every kind of write, so new registrations and state changes of the same class on the same
 * day, running at the same time, never deadlock on the summary rows they share. Written straight on separate
 * connections, without the api's retry, so a deadlock would show as an error.
 */
import { appPerFile } from '../../test/app-per-file';
import { newRegistrant } from '../../test/parent-journey';

const t = appPerFile({ signIn: false });
const ROUNDS = 40;
jest.setTimeout(120_000);

it('lets registrations and state changes of one class run side by side without a deadlock', async () => {
  const r = await newRegistrant(t);
  // Drafts of the same class, to be moved on while new ones arrive.
  const { rows } = await t.ownerPool.query(
    `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
       registration_number, name)
     SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, 'SL-' || g || '-' || id, 'Urutan ' || g
     FROM registrants, generate_series(1, ${ROUNDS}) g WHERE id = $1 RETURNING id`,
    [r.id],
  );
  const drafts = rows.map((x) => x.id as number);
  const insert = (i: number) =>
    t.ownerPool.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name)
       SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, 'SN-' || $2 || '-' || id, 'Baru'
       FROM registrants WHERE id = $1`,
      [r.id, i],
    );
  const move = (id: number) =>
    t.ownerPool.query("UPDATE registrants SET status = 'form_complete' WHERE id = $1", [id]);
  const results = await Promise.allSettled(drafts.flatMap((id, i) => [insert(i), move(id)]));
  const failed = results
    .filter((x) => x.status === 'rejected')
    .map((x) => String((x as PromiseRejectedResult).reason));
  expect(failed).toEqual([]);
});
