import type { TenantConn } from '../db/tenant-db';

/** Columns never copied into the audit log as values (only the fact that they changed). */
const SECRET = new Set(['password_hash']);
/** Bookkeeping columns that are not part of "what changed". */
const IGNORED = new Set(['tenant_id', 'updated_at']);

export type Row = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the changed columns: old values in `before`, new ones in `after`; secrets masked. */
export function diff(before: Row | null, after: Row | null): { before: Row | null; after: Row | null } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: Row = {};
  const a: Row = {};
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    const oldV = before?.[k];
    const newV = after?.[k];
    if (before && after && same(oldV, newV)) continue;
    if (before) b[k] = SECRET.has(k) ? '[rahasia]' : (oldV ?? null);
    if (after) a[k] = SECRET.has(k) ? '[rahasia]' : (newV ?? null);
  }
  return { before: before ? b : null, after: after ? a : null };
}

export interface AuditEntry {
  userId: number | null;
  action: string;
  resource: string;
  recordId: number | null;
  before: Row | null;
  after: Row | null;
}

/** Appends an audit_log row on the caller's (transaction) connection. */
export async function writeAudit(c: TenantConn, e: AuditEntry): Promise<void> {
  const d = diff(e.before, e.after);
  await c.client.query(
    `INSERT INTO audit_log (tenant_id, user_id, action, resource, record_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      c.tenantId,
      e.userId,
      e.action,
      e.resource,
      e.recordId,
      d.before ? JSON.stringify(d.before) : null,
      d.after ? JSON.stringify(d.after) : null,
    ],
  );
}
