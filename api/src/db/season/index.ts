import type { RegistrantStatus } from '@psb/contracts';
import { kyselyOnClient } from '../kysely';
import type { Pool } from '../pool';
import { tenantIdBySlug } from '../seed-queries';
import { insertAppointments } from './appointments';
import { type BillTally, insertBills } from './bills';
import { loadFrame, SeasonRefused } from './frame';
import { seededRandom } from './random';
import { insertRegistrants, SEASON_MAIL_DOMAIN } from './registrants';
import { insertTests } from './tests';

export { SeasonRefused } from './frame';

/** The tables a season fills (their statistics refreshed once it is loaded). */
const SEASON_TABLES =
  'users, mst_tokens, registrants, registrant_status_history, registrant_header_payments, ' +
  'registrant_detail_payments, registrant_installment_payments, payment_charges, payment_history, ' +
  'registrant_tests, registrant_test_scores, mst_test_details, appointment_slots, appointment_bookings';

export interface SeasonOptions {
  /** Tenant slug (default demo). */
  tenant?: string;
  registrants?: number;
  seed?: number;
  /** "Now" of the season (default the real now): every date lies before it. */
  now?: Date;
  /**
   * How the dashboard's running sums follow the load: set once at the end from the loaded rows (default, the
   * fast way), or kept row by row by their triggers as every other write does (slow; the proof that both agree).
   */
  summaries?: 'rebuilt' | 'row_by_row';
}

export interface SeasonSummary {
  tenant: string;
  schoolYear: string;
  registrants: number;
  byStatus: Record<RegistrantStatus, number>;
  bills: BillTally;
  sessions: number;
  seats: number;
  scored: number;
  /** Interview slots of the coming days and the bookings parents made in them. */
  appointments: { slots: number; bookings: number };
  /** Parent accounts with children in two or more of the foundation's schools. */
  families: number;
  ms: number;
}

/**
 * A realistic admission season in one transaction on the owner pool, bound to the tenant (its row-level
 * security applies): parents, vouchers, registrants spread over every state with their histories, bills in
 * every payment state, test sessions, seats, scores and results, in the tenant's active school year. The
 * same seed gives the same season. A tenant that already has one is refused (SeasonRefused), untouched.
 */
export async function generateSeason(ownerPool: Pool, opts: SeasonOptions = {}): Promise<SeasonSummary> {
  const started = Date.now();
  const slug = opts.tenant ?? 'demo';
  const count = opts.registrants ?? 3000;
  if (!Number.isInteger(count) || count < 1 || count > 500_000)
    throw new SeasonRefused('Jumlah calon murid harus bilangan bulat 1-500000.');
  const rnd = seededRandom(opts.seed ?? 2027);
  const now = opts.now ?? new Date();
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const tenantId = await tenantIdBySlug(kyselyOnClient(client), slug);
    if (tenantId === undefined) throw new SeasonRefused(`Yayasan "${slug}" tidak ditemukan.`);
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(tenantId)]);
    // The dashboard's running sums are set once at the end instead of row by row (most of the load's time).
    const rebuild = opts.summaries !== 'row_by_row';
    if (rebuild) await client.query("SELECT set_config('app.report_summaries', 'deferred', true)");
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND email LIKE $2`,
      [tenantId, `%@${SEASON_MAIL_DOMAIN}`],
    );
    if (rows[0]!.n > 0)
      throw new SeasonRefused(
        `Yayasan "${slug}" sudah berisi musim contoh (${rows[0]!.n} akun orang tua @${SEASON_MAIL_DOMAIN}); ` +
          'tidak ada yang diubah. Jalankan pada database atau yayasan lain.',
      );
    const frame = await loadFrame(client, tenantId, slug);
    const registrants = await insertRegistrants(client, frame, count, rnd, now);
    const bills = await insertBills(client, frame, registrants, rnd, now);
    const tests = await insertTests(client, frame, registrants, rnd, now);
    const appointments = await insertAppointments(client, frame, registrants, rnd, now);
    // Places taken follow the registrants; a quota the season outgrew is raised so places stay to spare.
    await client.query(
      `UPDATE class_periods cp SET used_quota = t.n, quota = GREATEST(cp.quota, t.n + t.n / 10 + 1), updated_at = now()
       FROM (SELECT school_period_id, mst_class_id, count(*)::int AS n FROM registrants
             WHERE tenant_id = $1 AND deleted_at IS NULL GROUP BY 1, 2) t
       WHERE cp.tenant_id = $1 AND cp.deleted_at IS NULL AND cp.school_period_id = t.school_period_id
         AND cp.mst_class_id = t.mst_class_id AND cp.school_period_id = ANY($2::int[])`,
      [tenantId, [...new Set(frame.places.map((p) => p.periodId))]],
    );
    if (rebuild) {
      await client.query(`ANALYZE ${SEASON_TABLES}`);
      await client.query('SELECT report_rebuild_summaries($1)', [tenantId]);
    }
    await client.query('COMMIT');
    // Every status listed (the type says so), each counted from 0.
    const byStatus: Record<RegistrantStatus, number> = {
      draft: 0,
      form_complete: 0,
      submitted: 0,
      verified: 0,
      scheduled: 0,
      tested: 0,
      accepted: 0,
      rejected: 0,
      reserve: 0,
      re_registered: 0,
      withdrawn: 0,
    };
    for (const r of registrants) byStatus[r.status] += 1;
    const schoolsOf = new Map<number, Set<number>>();
    for (const r of registrants)
      schoolsOf.set(r.userId, (schoolsOf.get(r.userId) ?? new Set()).add(r.place.schoolId));
    return {
      tenant: slug,
      schoolYear: frame.year.name,
      registrants: registrants.length,
      byStatus,
      bills,
      ...tests,
      appointments,
      families: [...schoolsOf.values()].filter((schools) => schools.size > 1).length,
      ms: Date.now() - started,
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Fresh statistics after thousands of new rows, as a table that grew by use would have them. */
export async function analyzeSeason(ownerPool: Pool) {
  await ownerPool.query(`ANALYZE ${SEASON_TABLES}`);
}
