import crypto from 'node:crypto';
import type { SchoolYear } from '@psb/contracts';
import { roleModulesJson } from '../../db/queries';
import type { TenantConn } from '../../db/tenant-db';

const SCHOOL_YEAR_JSON = `json_build_object('id', y.id, 'name', y.name, 'start_date', y.start_date,
  'end_date', y.end_date, 'is_active', y.is_active)`;
const ACTIVE_YEAR = `SELECT ${SCHOOL_YEAR_JSON} FROM school_years y
  WHERE y.tenant_id = $1 AND y.is_active AND y.deleted_at IS NULL ORDER BY y.start_date DESC LIMIT 1`;

const ACTIVE_YEAR_SQL = `SELECT (${ACTIVE_YEAR}) AS y`;

/**
 * The whole public home page in ONE round-trip, with PostgreSQL producing the finished JSON text: this is
 * the busiest endpoint, and relaying one string costs Node a fraction of parsing, validating and
 * re-serialising the content. Config values are parsed leniently (staff-edited content must never break the
 * home page): unknown or non-string members are dropped, guide items with an empty key are drafts and are
 * dropped. The shape is the contract's firstPageResponseSchema (asserted by the tests). Run as a named
 * statement, so each pooled connection plans it once.
 */
const FIRST_PAGE_SQL = `WITH c AS (
    SELECT name, value FROM configs
    WHERE tenant_id = $1 AND name IN ('contact', 'guide', 'faq', 'welcome_description', 'welcome_image', 'announcement')
  ),
  j AS (SELECT name, try_jsonb(value) AS doc FROM c WHERE name IN ('contact', 'guide', 'faq'))
  SELECT json_build_object(
    'success', true,
    'result', json_build_object(
      'contact', json_pick_strings((SELECT doc FROM j WHERE name = 'contact'),
                                   '{address,phone,whatsapp,email,office_hours,map_url}'),
      'guide', (SELECT COALESCE(jsonb_agg(g ORDER BY i), '[]'::jsonb)
                FROM jsonb_array_elements(json_pick_list((SELECT doc FROM j WHERE name = 'guide'),
                                                         '{key,title,value}', '{key}')) WITH ORDINALITY AS t(g, i)
                WHERE btrim(g ->> 'key') <> ''),
      'faq', json_pick_list((SELECT doc FROM j WHERE name = 'faq'), '{topic,question,answer}', '{topic,question,answer}'),
      'welcome_description', COALESCE((SELECT value FROM c WHERE name = 'welcome_description'), ''),
      'welcome_image', COALESCE((SELECT value FROM c WHERE name = 'welcome_image'), ''),
      'announcement', COALESCE((SELECT value FROM c WHERE name = 'announcement'), '')),
    'school_year', (${ACTIVE_YEAR}),
    'role_modules', COALESCE((SELECT ${roleModulesJson('r.tenant_id', 'r.id')} FROM roles r
                              WHERE r.tenant_id = $1 AND r.name = 'user'), '[]'::json)
  )::text AS body`;

/** The first_page response body as JSON text. */
export async function firstPageJson({ client, tenantId }: TenantConn): Promise<string> {
  const { rows } = await client.query<{ body: string }>({
    name: 'first_page',
    text: FIRST_PAGE_SQL,
    values: [tenantId],
  });
  return rows[0]!.body;
}

export interface CachedBody {
  body: string;
  etag: string;
  expires: number;
}

/**
 * A per-tenant micro-cache for the busiest public page: every visitor of a tenant gets the same bytes, and
 * we already let browsers keep them for 30 s, so serving them from memory for a couple of seconds changes
 * nothing visible while sparing the database most of the load. Concurrent misses share one query. Each
 * instance has its own copy; edits appear everywhere within the TTL. ttlMs 0 disables it.
 */
export function createBodyCache(ttlMs: number) {
  const entries = new Map<number, CachedBody>();
  const pending = new Map<number, Promise<CachedBody>>();
  const toEntry = (body: string): CachedBody => ({
    body,
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    expires: Date.now() + ttlMs,
  });
  return async (tenantId: number, load: () => Promise<string>): Promise<CachedBody> => {
    if (ttlMs <= 0) return toEntry(await load());
    const hit = entries.get(tenantId);
    if (hit && hit.expires > Date.now()) return hit;
    let p = pending.get(tenantId);
    if (!p) {
      p = load()
        .then((body) => {
          const entry = toEntry(body);
          entries.set(tenantId, entry);
          return entry;
        })
        .finally(() => pending.delete(tenantId));
      pending.set(tenantId, p);
    }
    return p;
  };
}

export async function activeYear({ client, tenantId }: TenantConn): Promise<SchoolYear | null> {
  const { rows } = await client.query<{ y: SchoolYear }>({
    name: 'active_year',
    text: ACTIVE_YEAR_SQL,
    values: [tenantId],
  });
  return rows[0]?.y ?? null;
}

/** Registration periods of the active school year(s); open = active and today (WIB) within its dates. */
export async function publicSchoolPeriods({ client, tenantId }: TenantConn) {
  const { rows } = await client.query<{
    id: number;
    name: string;
    school_id: number;
    school_name: string;
    school_year_id: number;
    school_year_name: string;
    start_date: string;
    end_date: string;
    quota: number;
    is_open: boolean;
  }>(
    `SELECT p.id, p.name, p.school_id, s.name AS school_name, p.school_year_id, y.name AS school_year_name,
            p.start_date, p.end_date, p.quota,
            (p.is_active AND (now() AT TIME ZONE 'Asia/Jakarta')::date BETWEEN p.start_date AND p.end_date) AS is_open
     FROM school_periods p
     JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id AND s.deleted_at IS NULL
     JOIN school_years y ON y.tenant_id = p.tenant_id AND y.id = p.school_year_id AND y.is_active AND y.deleted_at IS NULL
     WHERE p.tenant_id = $1 AND p.deleted_at IS NULL
     ORDER BY s.name, p.start_date, p.id`,
    [tenantId],
  );
  return rows;
}
