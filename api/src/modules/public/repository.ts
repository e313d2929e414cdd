import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import { roleModulesJson } from '../../lib/accounts';
import { executeNamed } from '../../lib/named-statement';
import { periodOpenToday } from '../../lib/period-open';

/**
 * The whole public home page in ONE round-trip, with PostgreSQL producing the finished JSON text: this is
 * the busiest endpoint, and relaying one string costs Node a fraction of parsing, validating and
 * re-serialising the content. Config values are parsed leniently (staff-edited content must never break the
 * home page): unknown or non-string members are dropped, guide items with an empty key are drafts and are
 * dropped. The shape is the contract's firstPageResponseSchema (asserted by the tests).
 */
const firstPageBody = (tenantId: number) => sql<string>`(WITH c AS (
    SELECT name, value FROM configs
    WHERE tenant_id = ${tenantId} AND name IN ('contact', 'guide', 'faq', 'welcome_description', 'welcome_image', 'announcement',
                   'banner_home', 'message', 'test_overview', 'graduation_overview')
  ),
  j AS (SELECT name, try_jsonb(value) AS doc FROM c WHERE name IN ('contact', 'guide', 'faq', 'banner_home'))
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
      'announcement', COALESCE((SELECT value FROM c WHERE name = 'announcement'), ''),
      'banner_home', (SELECT jsonb_build_object(
                        'active', COALESCE(jsonb_typeof(doc -> 'active') = 'boolean' AND (doc ->> 'active')::boolean, false),
                        'text', CASE WHEN jsonb_typeof(doc -> 'text') = 'string' THEN doc ->> 'text' ELSE '' END)
                        || COALESCE(json_pick_strings(doc, '{link}'), '{}'::jsonb)
                      FROM (SELECT (SELECT doc FROM j WHERE name = 'banner_home') AS doc) b),
      'message', COALESCE((SELECT value FROM c WHERE name = 'message'), ''),
      'test_overview', COALESCE((SELECT value FROM c WHERE name = 'test_overview'), ''),
      'graduation_overview', COALESCE((SELECT value FROM c WHERE name = 'graduation_overview'), '')),
    'school_year', (SELECT json_build_object('id', y.id, 'name', y.name, 'start_date', y.start_date,
                      'end_date', y.end_date, 'is_active', y.is_active)
                    FROM school_years y WHERE y.tenant_id = ${tenantId} AND y.is_active AND y.deleted_at IS NULL
                    ORDER BY y.start_date DESC LIMIT 1),
    'role_modules', COALESCE((SELECT ${sql.raw(roleModulesJson('r.tenant_id', 'r.id'))} FROM roles r
                              WHERE r.tenant_id = ${tenantId} AND r.name = 'user'), '[]'::json)
  )::text)`;

/** The first_page response body as JSON text (a named statement: planned once per connection). */
export async function firstPageJson(c: TenantConn): Promise<string> {
  const [row] = await executeNamed(c, 'first_page', c.db.selectNoFrom(firstPageBody(c.tenantId).as('body')));
  return row!.body;
}

export function activeYear(c: TenantConn) {
  return c.db
    .selectFrom('school_years')
    .select(['id', 'name', 'start_date', 'end_date', 'is_active'])
    .where('tenant_id', '=', c.tenantId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('start_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Registration periods of the active school year(s), with whether each is open today. */
export function schoolPeriodsOfActiveYear(c: TenantConn) {
  return c.db
    .selectFrom('school_periods as p')
    .innerJoin('schools as s', (j) =>
      j
        .onRef('s.tenant_id', '=', 'p.tenant_id')
        .onRef('s.id', '=', 'p.school_id')
        .on('s.deleted_at', 'is', null),
    )
    .innerJoin('school_years as y', (j) =>
      j
        .onRef('y.tenant_id', '=', 'p.tenant_id')
        .onRef('y.id', '=', 'p.school_year_id')
        .on('y.is_active', '=', true)
        .on('y.deleted_at', 'is', null),
    )
    .select([
      'p.id',
      'p.name',
      'p.school_id',
      's.name as school_name',
      'p.school_year_id',
      'y.name as school_year_name',
      'p.start_date',
      'p.end_date',
      'p.quota',
      periodOpenToday('p').as('is_open'),
    ])
    .where('p.tenant_id', '=', c.tenantId)
    .where('p.deleted_at', 'is', null)
    .orderBy('s.name')
    .orderBy('p.start_date')
    .orderBy('p.id')
    .execute();
}

/** The text of one named config row, trimmed; undefined before staff ever saved it. */
async function configText(c: TenantConn, name: string): Promise<string | undefined> {
  const row = await c.db
    .selectFrom('configs')
    .select('value')
    .where('tenant_id', '=', c.tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value.trim();
}

/** The theme colour staff chose (config `theme`), when it is a valid colour. */
export async function themeConfig(c: TenantConn): Promise<string | undefined> {
  const v = await configText(c, 'theme');
  return v && /^#[0-9a-fA-F]{6}$/.test(v) ? v : undefined;
}

/** The school's word on the public status page (config `status_message`). */
export async function statusMessage(c: TenantConn): Promise<string> {
  return (await configText(c, 'status_message')) ?? '';
}
