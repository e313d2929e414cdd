import { type RawBuilder, sql } from 'kysely';
import { compiledResource, joinsFor, Params, scopePredicate } from '../engine';

export { scopeRoleOf } from '../engine';

/** Engine SQL with `$n` placeholders as a Kysely fragment carrying the same values. */
function fromEngineSql(text: string, values: unknown[]): RawBuilder<unknown> {
  const parts = text.split(/\$(\d+)/);
  let out = sql`${sql.raw(parts[0]!)}`;
  for (let i = 1; i < parts.length; i += 2)
    out = sql`${out}${values[Number(parts[i]) - 1]}${sql.raw(parts[i + 1]!)}`;
  return out;
}

/**
 * `alias.id` is a row of resource `name` that the role may see: the same role-school rule as the resource
 * engine's lists (null role = sees everything). Hand-written queries add it to their WHERE.
 */
export function inRoleScope(
  name: string,
  alias: string,
  tenantId: number,
  roleId: number | null,
): RawBuilder<boolean> {
  const c = compiledResource(name);
  if (!c.scope || roleId === null) return sql<boolean>`true`;
  const p = new Params(tenantId);
  const where = scopePredicate(c, p, roleId);
  const inner = fromEngineSql(
    `SELECT t.id FROM ${c.table} t ${joinsFor(c, c.scope.joins)} WHERE t.tenant_id = $1 AND ${where}`,
    p.values,
  );
  return sql<boolean>`${sql.ref(`${alias}.id`)} IN (${inner})`;
}

/** The database table of a declared resource. */
export const resourceTable = (name: string) => compiledResource(name).table;
