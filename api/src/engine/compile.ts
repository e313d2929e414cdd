import { type ColumnDecl, type FilterDecl, type ResourceDecl, resourceByName } from '@psb/contracts';

/**
 * Turns a resource declaration into SQL fragments, once at start-up. Every identifier in the generated SQL
 * comes from a declaration (checked against IDENT below); request values only ever travel as parameters.
 */

const IDENT = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string, what: string): string => {
  if (!IDENT.test(name)) throw new Error(`Invalid ${what} identifier: ${name}`);
  return name;
};

/** Columns every engine table has besides its declared fields. */
export const BASE_COLUMNS = ['id', 'created_at', 'updated_at', 'deleted_at'] as const;

export type ValueType = 'int' | 'text' | 'bool';

export interface CompiledFilter {
  key: string;
  decl: FilterDecl;
  /** SQL expression compared. */
  expr: string;
  joins: string[];
  type: ValueType;
}

export interface CompiledColumn {
  key: string;
  decl: ColumnDecl;
  expr: string;
  joins: string[];
}

export interface CompiledResource {
  decl: ResourceDecl;
  table: string;
  /** Stored columns written from the input (declared fields except create-only ones). */
  writable: string[];
  /** Own table columns that make up the record (base + fields + own-column list columns). */
  ownColumns: string[];
  /** JSON object of one record (uses alias `t` and the joins below). */
  recordJson: string;
  /** LEFT JOINs the record needs, in dependency order. */
  recordJoins: string[];
  /** All joins by alias → SQL (a ref's joins are listed by alias). */
  joinSql: Map<string, string>;
  columns: CompiledColumn[];
  sortable: Map<string, CompiledColumn>;
  filters: Map<string, CompiledFilter>;
  search: { expr: string; joins: string[] }[];
  /**
   * Condition over alias `t` that a school-limited caller's rows must meet, for a table with no school column
   * whose rows still belong to schools (accounts, roles); null for every other table.
   */
  rowScope: string | null;
  /** Relation columns of this table with the label and target declaration. */
  relations: { column: string; target: ResourceDecl; label: string }[];
}

/**
 * Accounts and roles have no school of their own, so no school_scope row policy (migration 0230 says why): the
 * engine adds these conditions, evaluated by the database against the caller's bound schools. The first test
 * skips the function call (and its per-row cost) for callers who see every school.
 */
const ROW_SCOPES: Record<string, string> = {
  users:
    '((SELECT app_school_ids()) IS NULL OR account_in_school_scope(t.tenant_id, t.id, (SELECT app_school_ids())))',
  roles:
    '((SELECT app_school_ids()) IS NULL OR role_in_school_scope(t.tenant_id, t.id, (SELECT app_school_ids())))',
};

/** Resolves refs (`name`, `school_id.name`, `mst_grade_id.school_id.name`) to SQL over alias `t`. */
function refResolver(decl: ResourceDecl) {
  const joinSql = new Map<string, string>();
  const aliasOf = new Map<string, string>();
  const resolve = (ref: string): { expr: string; joins: string[]; last: string; owner: ResourceDecl } => {
    const parts = ref.split('.');
    let current = decl;
    let alias = 't';
    const joins: string[] = [];
    for (let i = 0; i < parts.length - 1; i++) {
      const fk = ident(parts[i]!, 'column');
      const rel = current.relations[fk];
      if (!rel)
        throw new Error(`${decl.name}: ref ${ref} passes ${fk}, which ${current.name} does not relate`);
      const target = resourceByName(rel.resource);
      if (!target) throw new Error(`${decl.name}: unknown resource ${rel.resource}`);
      const path = parts.slice(0, i + 1).join('.');
      let next = aliasOf.get(path);
      if (!next) {
        next = `j${aliasOf.size + 1}`;
        aliasOf.set(path, next);
        joinSql.set(
          next,
          `LEFT JOIN ${ident(target.table, 'table')} ${next} ON ${next}.tenant_id = ${alias}.tenant_id AND ${next}.id = ${alias}.${fk}`,
        );
      }
      joins.push(next);
      alias = next;
      current = target;
    }
    const last = ident(parts[parts.length - 1]!, 'column');
    return { expr: `${alias}.${last}`, joins, last, owner: current };
  };
  return { resolve, joinSql };
}

const quoteKey = (key: string) => `'${ident(key, 'key')}'`;

const filterType = (f: FilterDecl): ValueType =>
  f.match === 'bool'
    ? 'bool'
    : f.match === 'contains'
      ? 'text'
      : f.input === 'select' || f.input === 'text'
        ? 'text'
        : 'int';

export function compile(decl: ResourceDecl): CompiledResource {
  const { resolve, joinSql } = refResolver(decl);
  const table = ident(decl.table, 'table');
  const writable = decl.fields.filter((f) => !f.createOnly).map((f) => ident(f.name, 'column'));

  // The record: base columns, the fields, then list columns (own or through relations).
  const entries = new Map<string, { expr: string; joins: string[] }>();
  const own = new Set<string>();
  const addOwn = (c: string) => {
    own.add(c);
    if (!entries.has(c)) entries.set(c, { expr: `t.${ident(c, 'column')}`, joins: [] });
  };
  for (const c of BASE_COLUMNS) addOwn(c);
  for (const c of writable) addOwn(c);
  const columns: CompiledColumn[] = decl.columns.map((col) => {
    const r = resolve(col.ref ?? col.key);
    if (r.joins.length === 0) own.add(r.last);
    if (!entries.has(col.key)) entries.set(col.key, { expr: r.expr, joins: r.joins });
    return { key: col.key, decl: col, expr: r.expr, joins: r.joins };
  });
  const recordJoins = [...new Set([...entries.values()].flatMap((e) => e.joins))];
  const recordJson = `json_build_object(${[...entries].map(([k, e]) => `${quoteKey(k)}, ${e.expr}`).join(', ')})`;

  const sortable = new Map(columns.filter((c) => c.decl.sortable).map((c) => [c.key, c]));
  if (!sortable.has(decl.defaultSort.column)) {
    throw new Error(`${decl.name}: default sort column ${decl.defaultSort.column} is not a sortable column`);
  }
  const filters = new Map<string, CompiledFilter>(
    decl.filters.map((f) => {
      const r = resolve(f.ref ?? f.key);
      return [f.key, { key: f.key, decl: f, expr: r.expr, joins: r.joins, type: filterType(f) }];
    }),
  );
  const search = decl.search.map((ref) => {
    const r = resolve(ref);
    return { expr: r.expr, joins: r.joins };
  });
  const relations = Object.entries(decl.relations).map(([column, rel]) => {
    const target = resourceByName(rel.resource);
    if (!target) throw new Error(`${decl.name}: unknown resource ${rel.resource}`);
    return { column: ident(column, 'column'), target, label: rel.label ?? target.label };
  });
  for (const u of decl.uniques) for (const c of u.columns) ident(c, 'column');
  return {
    decl,
    table,
    writable,
    ownColumns: [...own],
    recordJson,
    recordJoins,
    joinSql,
    columns,
    sortable,
    filters,
    search,
    relations,
    rowScope: ROW_SCOPES[table] ?? null,
  };
}

/** The JOIN clauses for a set of aliases, in creation order (a nested join follows its parent). */
export function joinsFor(c: CompiledResource, aliases: Iterable<string>): string {
  const wanted = new Set(aliases);
  // A nested alias (j2 via j1) needs its parent too: refs list every alias along their path, so it is there.
  return [...c.joinSql.entries()]
    .filter(([alias]) => wanted.has(alias))
    .map(([, sql]) => sql)
    .join(' ');
}
