/**
 * One writer per table: every table the api writes has an owner — a domain (`src/modules/<domain>/`) or a
 * piece of the machinery that knows no domain (jobs, the resource engine, the integrations, the plugins, the
 * tenant commands) — and only the owner's files write it. Another domain that needs a row changed asks the
 * owner through its index (`publishResult`, `markUsed`, `setTemporaryPassword`, …), so a table's rules are
 * read in one place.
 *
 * The scan reads the statements the code writes out: Kysely's insertInto / updateTable / deleteFrom /
 * mergeInto with a table name, and raw INSERT INTO / UPDATE / DELETE FROM. The resource engine writes the
 * master-data tables its resources declare by name at run time; those names come from the contracts, not
 * from a statement here, and the engine is their one writer. Tests, test fixtures and `src/db` (migrations,
 * seeds, bench data — they build every domain's rows to start from) are not the running api and are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');

/** The owner of each table the api writes. */
const OWNER: Record<string, string> = {
  // registrants: the registrant's lifecycle, numbers, placement and quota
  registrants: 'registrants',
  registrant_status_history: 'registrants',
  registrant_document_versions: 'registrants',
  document_requirements: 'registrants',
  document_reject_reasons: 'registrants',
  registration_counters: 'registrants',
  class_periods: 'registrants',
  offers: 'registrants',
  offer_signatures: 'registrants',
  offer_settings: 'registrants',
  // tests: sessions, seats, scores, the reserve list
  mst_test_details: 'tests',
  mst_test_detail_subjects: 'tests',
  registrant_tests: 'tests',
  registrant_test_scores: 'tests',
  registrant_subject_scores: 'tests',
  reserve_moves: 'tests',
  appointment_slots: 'tests',
  appointment_bookings: 'tests',
  // payments: bills, charges, the provider's notifications, payouts, purchases, vouchers
  mst_tokens: 'payments',
  payment_charges: 'payments',
  payment_history: 'payments',
  payment_inbox: 'payments',
  payment_notifications: 'payments',
  payouts: 'payments',
  registrant_header_payments: 'payments',
  registrant_detail_payments: 'payments',
  registrant_installment_payments: 'payments',
  registrant_orders: 'payments',
  registrant_order_lines: 'payments',
  school_payments: 'payments',
  voucher_purchases: 'payments',
  // master-data: what the resource engine does not cover
  role_modules: 'master-data',
  role_schools: 'master-data',
  school_years: 'master-data',
  // content: configs, document formats, messages to parents
  configs: 'content',
  document_formats: 'content',
  notifications: 'content',
  notification_attempts: 'content',
  notification_templates: 'content',
  // auth: accounts and what signing in keeps
  users: 'auth',
  consents: 'auth',
  privacy_requests: 'auth',
  consent_texts: 'master-data',
  sensitive_views: 'master-data',
  email_verifications: 'auth',
  login_failures: 'auth',
  password_resets: 'auth',
  revoked_tokens: 'auth',
  // machinery that knows no domain
  audit_log: 'engine',
  background_jobs: 'jobs',
  rate_limits: 'plugins',
  // the admission-day waiting line, shared by every instance, is the door's and knows no domain
  waiting_line: 'lib',
  mail_outbox: 'integrations',
  midtrans_simulator_notifications: 'integrations',
  midtrans_simulator_orders: 'integrations',
  midtrans_simulator_payouts: 'integrations',
  tenants: 'cli',
};

/** Writes allowed outside the owner, each with its reason: `table area:file`. */
const EXCEPTIONS: Record<string, string> = {
  // A bulk send's progress is counted from its messages and written in one statement joined to them.
  'background_jobs content:modules/content/notifications/repository.ts': 'progress of a bulk send',
  // A new tenant's first administrator and their set-password link are made with the tenant, before any
  // app serves it, by the command that creates it.
  'users cli:cli/tenant-commands.ts': 'first administrator of a new tenant',
  'password_resets cli:cli/tenant-commands.ts': 'set-password link of that administrator',
};

const KYSELY = /\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"`]([a-z_]+)/g;
// Uppercase SQL, as the code writes it; FOR UPDATE (a lock) and DO UPDATE (an upsert's own row) are no
// writes of another table.
const RAW = /\b(?:INSERT INTO|(?<!(?:FOR|DO|KEY)\s+)UPDATE|DELETE FROM)\s+([a-z_]+)/g;

/** The tables a source text writes. */
export function writtenTables(text: string): string[] {
  return [...new Set([...text.matchAll(KYSELY), ...text.matchAll(RAW)].map((m) => m[1]!))];
}

/** The area a file belongs to: its domain under modules/, else its top folder under src. */
function areaOf(rel: string): string {
  const parts = rel.split('/');
  return (parts[0] === 'modules' ? parts[1] : parts[0]) ?? rel;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(e.name) ? [p] : [];
  });
}

const runningApi = (rel: string) => !/\.test\.ts$|test-fixtures\.ts$/.test(rel) && !rel.startsWith('db/');

describe('sole writer', () => {
  it('finds Kysely and raw writes, and not locks or upserts of the same row', () => {
    const text = [
      "db.updateTable('registrants as r').set({})",
      "db.insertInto('notifications').values({})",
      "c.db.deleteFrom(\n  'reserve_moves')",
      'sql`UPDATE registrant_tests SET notified_at = now()`',
      'sql`DELETE FROM registrant_test_scores WHERE id = 1`',
      'sql`INSERT INTO mst_tokens (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = 1`',
      'sql`SELECT 1 FROM mst_test_details d FOR UPDATE OF d`',
      "db.selectFrom('users').forUpdate()",
    ].join('\n');
    expect(writtenTables(text).sort()).toEqual(
      [
        'mst_tokens',
        'notifications',
        'registrant_test_scores',
        'registrant_tests',
        'registrants',
        'reserve_moves',
      ].sort(),
    );
  });

  it('holds for every file of the running api', () => {
    const writes: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (!runningApi(rel)) continue;
      for (const table of writtenTables(fs.readFileSync(file, 'utf8')))
        writes.push(`${table} ${areaOf(rel)}:${rel}`);
    }
    expect(writes.length).toBeGreaterThan(50);
    const unowned = writes.filter((w) => !(w.split(' ')[0]! in OWNER));
    expect(unowned).toEqual([]);
    const outside = writes.filter((w) => {
      const [table, where] = w.split(' ') as [string, string];
      return where.split(':')[0] !== OWNER[table] && !(w in EXCEPTIONS);
    });
    expect(outside).toEqual([]);
    // An exception that no longer happens is dropped from the list.
    expect(Object.keys(EXCEPTIONS).filter((e) => !writes.includes(e))).toEqual([]);
  });
});
