import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { listRules, type Rule } from './rules';

/** Any fixed number: every process migrating the same database waits on this advisory lock. */
const LOCK_KEY = 7_406_112_001;

export interface MigrationResult {
  applied: string[];
  /** The database rules (functions, triggers) whose file was new or changed, in the order applied. */
  rules: string[];
}

/** Versions recorded in `schema_migrations` (a table of this file, outside the generated row types). */
export async function appliedVersions(pool: Pick<pg.Pool, 'query'>): Promise<string[]> {
  const { rows } = await pool.query<{ version: string }>('SELECT version FROM schema_migrations');
  return rows.map((r) => r.version);
}

/** Files named `NNNN_name.sql`, in order. */
export function listMigrations(dir: string): { version: string; name: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 4), name: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Applies pending SQL migrations, each in its own transaction, recorded in `schema_migrations`; then the
 * database rules (rules.ts) whose text is new or changed since they were last applied, recorded by name and
 * checksum in `schema_rules`. Runs as the connecting (owner) user. Several processes may start at once: the
 * advisory lock makes them take turns, and the late ones find nothing left to do. `rules` defaults to the rule
 * files of the source tree the migrations live in (`dir` is its `db/migrations`).
 */
export async function migrate(
  databaseUrl: string,
  dir: string,
  log: (m: string) => void = () => {},
  rules: Rule[] = listRules(path.resolve(dir, '..', '..')),
): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  const appliedRules: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`SET client_min_messages = warning`);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Map(
      (
        await client.query<{ version: string; checksum: string }>(
          'SELECT version, checksum FROM schema_migrations',
        )
      ).rows.map((r) => [r.version, r.checksum]),
    );
    for (const m of listMigrations(dir)) {
      const sql = fs.readFileSync(m.file, 'utf8');
      const checksum = crypto.createHash('sha256').update(sql).digest('hex');
      const previous = done.get(m.version);
      if (previous) {
        if (previous !== checksum)
          log(`Warning: migration ${m.name} changed after it was applied; not re-run.`);
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          checksum,
        ]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      applied.push(m.name);
      log(`Applied migration ${m.name}`);
    }
    appliedRules.push(...(await applyRules(client, rules, log)));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return { applied, rules: appliedRules };
}

/**
 * Each rule whose checksum differs from the one recorded, in its own transaction with its record. A rule file
 * that was removed stays in the database (and in `schema_rules`): dropping a function or trigger is a
 * versioned migration's work.
 */
async function applyRules(client: pg.Client, rules: Rule[], log: (m: string) => void) {
  const { rows } = await client.query<{ found: boolean }>(
    "SELECT to_regclass('schema_rules') IS NOT NULL AS found",
  );
  if (!rows[0]!.found)
    await client.query(`CREATE TABLE schema_rules (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE schema_rules IS 'citus: local — the coordinator''s record of the database rules applied'`);
  const done = new Map(
    (
      await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_rules')
    ).rows.map((r) => [r.name, r.checksum]),
  );
  const applied: string[] = [];
  for (const rule of rules) {
    if (done.get(rule.name) === rule.checksum) continue;
    try {
      await client.query('BEGIN');
      await client.query(rule.sql);
      await client.query(
        `INSERT INTO schema_rules (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        [rule.name, rule.checksum],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw new Error(`Database rule ${rule.name} (${rule.file}) failed: ${(err as Error).message}`);
    }
    applied.push(rule.name);
    log(`Applied database rule ${rule.name}`);
  }
  return applied;
}
