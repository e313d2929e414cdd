/**
 * The database's rules are the rule files: on a freshly migrated database every function and trigger was
 * made by exactly one file, running the files again changes nothing, every file is recorded as applied, and a
 * file whose text changes is applied again by the next migrate (and only that one).
 */
import path from 'node:path';
import pg from 'pg';
import { migratedDatabase } from '../../test/helpers';
import { findRepoRoot } from '../lib/root';
import { migrate } from './migrate';
import { listRules, orderRules, type Rule, readRule } from './rules';
import { TRIGGER_ORDER } from './trigger-order';

jest.setTimeout(120_000);

const SRC = path.join(findRepoRoot(), 'api/src');
const MIGRATIONS = path.join(SRC, 'db/migrations');
let scratch: Awaited<ReturnType<typeof migratedDatabase>>;
let url: string;
let db: pg.Client;

beforeAll(async () => {
  scratch = await migratedDatabase();
  url = scratch.url;
  db = new pg.Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await scratch?.drop();
});

/** Every function of the app's schema and every trigger, with its whole definition. */
async function liveDefinitions() {
  const { rows } = await db.query<{ key: string; def: string }>(`
    SELECT 'function ' || p.oid::regprocedure AS key, pg_get_functiondef(p.oid) AS def
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass, pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
    FROM pg_trigger t WHERE NOT t.tgisinternal
    ORDER BY 1`);
  return new Map(rows.map((r) => [r.key, r.def]));
}

/** Runs the rules again, recording which file made which function and trigger (an event trigger watches). */
async function madeBy(rules: Rule[]) {
  await db.query(`
    CREATE TEMP TABLE made (rule text, kind text, key text);
    CREATE FUNCTION pg_temp.note_made() RETURNS event_trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO made
      SELECT current_setting('psb.rule'), d.object_type,
             CASE d.object_type WHEN 'function' THEN 'function ' || d.objid::regprocedure
               ELSE 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass END
      FROM pg_event_trigger_ddl_commands() d LEFT JOIN pg_trigger t ON d.object_type = 'trigger' AND t.oid = d.objid
      WHERE d.object_type IN ('function', 'trigger');
    END $$;`);
  await db.query(
    `CREATE EVENT TRIGGER note_made ON ddl_command_end WHEN TAG IN ('CREATE FUNCTION', 'CREATE TRIGGER') EXECUTE FUNCTION pg_temp.note_made()`,
  );
  try {
    for (const rule of rules) {
      // Bound to the transaction that runs the file, like every setting here: nothing outlives it.
      await db.query('BEGIN');
      await db.query('SELECT set_config($1, $2, true)', ['psb.rule', rule.name]);
      await db.query(rule.sql);
      await db.query('COMMIT');
    }
  } finally {
    await db.query('DROP EVENT TRIGGER note_made');
  }
  const { rows } = await db.query<{ rule: string; key: string }>('SELECT rule, key FROM made');
  return rows;
}

describe('the database rules', () => {
  const rules = listRules(SRC);

  it('are found in db/sql and the domains’ sql folders', () => {
    const where = new Set(rules.map((r) => path.relative(SRC, path.dirname(r.file))));
    expect(where).toContain('db/sql');
    expect([...where].every((d) => d === 'db/sql' || /^modules\/[\w-]+\/sql$/.test(d))).toBe(true);
  });

  it('make every live function and trigger, each in exactly one file, and running them again changes nothing', async () => {
    const before = await liveDefinitions();
    const made = await madeBy(rules);
    const after = await liveDefinitions();
    expect(after).toEqual(before);

    const files = new Map<string, string[]>();
    for (const m of made) files.set(m.key, [...new Set([...(files.get(m.key) ?? []), m.rule])]);
    const withoutFile = [...after.keys()].filter((k) => !files.has(k));
    expect(withoutFile).toEqual([]);
    const inSeveral = [...files].filter(([, f]) => f.length > 1).map(([k, f]) => `${k}: ${f.join(', ')}`);
    expect(inSeveral).toEqual([]);
    // Every file made something still live (a file whose objects a migration dropped would show here).
    const idle = rules.filter((r) => !made.some((m) => m.rule === r.name && after.has(m.key)));
    expect(idle.map((r) => r.name)).toEqual([]);
  });

  it('are each recorded as applied with the checksum of their current text', async () => {
    const { rows } = await db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_rules ORDER BY name',
    );
    expect(rows).toEqual(
      rules.map((r) => ({ name: r.name, checksum: r.checksum })).sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
  });

  it('apply a changed file again on the next migrate, and only that file', async () => {
    expect((await migrate(url, MIGRATIONS)).rules).toEqual([]);
    const changed = rules.map((r) =>
      r.name === 'rupiah_text' ? readRule(r.file, r.sql.replace("'Rp. '", "'IDR '")) : r,
    );
    expect((await migrate(url, MIGRATIONS, () => {}, changed)).rules).toEqual(['rupiah_text']);
    expect((await db.query('SELECT rupiah_text(1250000) AS t')).rows[0].t).toBe('IDR 1.250.000');
    expect((await migrate(url, MIGRATIONS, () => {}, changed)).rules).toEqual([]);
    // The file as it is comes back the same way.
    expect((await migrate(url, MIGRATIONS)).rules).toEqual(['rupiah_text']);
    expect((await db.query('SELECT rupiah_text(1250000) AS t')).rows[0].t).toBe('Rp. 1.250.000');
  });
});

describe('the order rules are applied in', () => {
  const rule = (name: string, requires: string[] = []) =>
    readRule(`/x/${name}.sql`, requires.length ? `-- requires: ${requires.join(', ')}\n` : '');

  it('puts a rule after the ones it requires, otherwise by name', () => {
    const order = orderRules([rule('a', ['c']), rule('b'), rule('c', ['d']), rule('d')]).map((r) => r.name);
    expect(order).toEqual(['d', 'c', 'a', 'b']);
  });

  it('refuses a missing requirement, a circle and a name used twice', () => {
    expect(() => orderRules([rule('a', ['z'])])).toThrow(/requires z/);
    expect(() => orderRules([rule('a', ['b']), rule('b', ['a'])])).toThrow(/circle/);
    expect(() => orderRules([rule('a'), readRule('/y/a.sql', '')])).toThrow(/twice/);
  });
});

describe('trigger order', () => {
  it('is the declared one wherever triggers share a table, timing, level and event', async () => {
    // tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update (64 instead of: none here).
    const { rows } = await db.query<{ key: string; name: string; events: number }>(`
      SELECT t.tgrelid::regclass || CASE WHEN t.tgtype & 2 > 0 THEN ' BEFORE' ELSE ' AFTER' END
               || CASE WHEN t.tgtype & 1 > 0 THEN ' ROW' ELSE ' STATEMENT' END
               || CASE WHEN t.tginitdeferred THEN ' DEFERRED' ELSE '' END AS key,
             t.tgname AS name, t.tgtype & 60 AS events
      FROM pg_trigger t WHERE NOT t.tgisinternal
      ORDER BY t.tgname COLLATE "C"`);
    const shared: Record<string, string[]> = {};
    for (const r of rows) {
      const overlaps = rows.some((o) => o.key === r.key && o.name !== r.name && (o.events & r.events) !== 0);
      if (overlaps) shared[r.key] = [...(shared[r.key] ?? []), r.name];
    }
    // PostgreSQL fires them by name (the query's order): the declaration must be that order, table by table.
    expect(shared).toEqual(TRIGGER_ORDER);
  });
});
