import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The database's rules (functions and triggers), one file each: `src/db/sql/<name>.sql` for what every domain
 * relies on (tenancy, school scope, list versions, JSON helpers) and `src/modules/<domain>/sql/<name>.sql` for
 * the rules that write the domain's tables. A file holds the rule's whole current definition and may be run
 * again at any time (`CREATE OR REPLACE FUNCTION`, `DROP TRIGGER IF EXISTS` + `CREATE TRIGGER`), so the
 * migration runner applies it whenever its text changes, after the versioned migrations.
 *
 * A rule is named by its file name (unique over the tree), so moving a file between folders does not run it
 * again. `-- requires: a, b` lines name the rules a file needs to exist first (a SQL-language function's body
 * is checked against the functions it calls when it is created).
 */
export interface Rule {
  name: string;
  file: string;
  sql: string;
  checksum: string;
  requires: string[];
}

const REQUIRES = /^--\s*requires:\s*(.+)$/gm;

/** The folders holding rule files under `src` (the tree the migrations live in). */
function ruleDirs(src: string): string[] {
  const modules = path.join(src, 'modules');
  const domains = fs.existsSync(modules)
    ? fs
        .readdirSync(modules, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => path.join(modules, d.name, 'sql'))
    : [];
  return [path.join(src, 'db', 'sql'), ...domains].filter((d) => fs.existsSync(d));
}

export function readRule(file: string, sql = fs.readFileSync(file, 'utf8')): Rule {
  const requires = [...sql.matchAll(REQUIRES)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return {
    name: path.basename(file, '.sql'),
    file,
    sql,
    checksum: crypto.createHash('sha256').update(sql).digest('hex'),
    requires,
  };
}

/**
 * Every rule file under `src`, in the order they are applied: a rule after the rules it requires, otherwise
 * by name, so the order is the same on every machine.
 */
export function listRules(src: string): Rule[] {
  const rules = ruleDirs(src).flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readRule(path.join(dir, f))),
  );
  return orderRules(rules);
}

export function orderRules(rules: Rule[]): Rule[] {
  const byName = new Map<string, Rule>();
  for (const r of rules) {
    const other = byName.get(r.name);
    if (other) throw new Error(`Database rule ${r.name} is defined twice: ${other.file} and ${r.file}`);
    byName.set(r.name, r);
  }
  const ordered: Rule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (r: Rule, from: string[]) => {
    if (state.get(r.name) === 'done') return;
    if (state.get(r.name) === 'visiting')
      throw new Error(`Database rules require each other in a circle: ${[...from, r.name].join(' → ')}`);
    state.set(r.name, 'visiting');
    for (const name of [...r.requires].sort()) {
      const needed = byName.get(name);
      if (!needed) throw new Error(`Database rule ${r.name} requires ${name}, which has no file`);
      visit(needed, [...from, r.name]);
    }
    state.set(r.name, 'done');
    ordered.push(r);
  };
  for (const r of [...rules].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) visit(r, []);
  return ordered;
}
