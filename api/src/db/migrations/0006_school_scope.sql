-- 0006: a staff role's schools are enforced by the database, the way the tenant is.
--
-- The request sets `app.school_ids` on its connection next to `app.tenant_id` (see db/tenant-db.ts): empty
-- means every school (superadmin, parents, public pages, a role without role_schools rows); otherwise a
-- comma-separated list of the school ids the caller's role may see. A RESTRICTIVE policy `school_scope` on
-- every school-owned table is AND-ed with the tenant policy, so a query that forgets the rule still cannot
-- read or write another school's rows.
--
-- Convention for every later migration: a table with a `school_id` column calls
-- `select enable_school_rls('t')`; a table that belongs to a school through a parent row (e.g. through its
-- registrant) calls `select enable_school_rls_through('t', 'registrant_id', 'registrants')`. A test fails
-- for any table with a school_id or registrant_id column that has no school_scope policy.

-- The caller's schools, or NULL for every school. Simple SQL + STABLE: inlined into the policies.
CREATE OR REPLACE FUNCTION app_school_ids() RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT string_to_array(NULLIF(current_setting('app.school_ids', true), ''), ',')::integer[] $$;

-- Records without a school (shared by every school of the foundation, e.g. a grade for all) stay visible.
CREATE OR REPLACE FUNCTION app_school_visible(school integer) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT school IS NULL OR app_school_ids() IS NULL OR school = ANY (app_school_ids()) $$;

CREATE OR REPLACE FUNCTION enable_school_rls(tbl regclass, school_column text DEFAULT 'school_id') RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY school_scope ON %s AS RESTRICTIVE USING (app_school_visible(%I)) WITH CHECK (app_school_visible(%I))',
    tbl, school_column, school_column);
END $$;

-- The parent's own policies apply inside the EXISTS, so the row is visible exactly when its parent is.
-- The leading IS NULL test skips the lookup entirely for callers who see every school.
CREATE OR REPLACE FUNCTION enable_school_rls_through(tbl regclass, fk_column text, parent regclass)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cond text := format(
    'app_school_ids() IS NULL OR %2$I IS NULL OR EXISTS (SELECT 1 FROM %3$s p WHERE p.tenant_id = %1$s.tenant_id AND p.id = %1$s.%2$I)',
    tbl, fk_column, parent);
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format('CREATE POLICY school_scope ON %s AS RESTRICTIVE USING (%s) WITH CHECK (%s)', tbl, cond, cond);
END $$;

SELECT enable_school_rls('schools', 'id');
SELECT enable_school_rls('school_periods');
SELECT enable_school_rls('mst_grades');
SELECT enable_school_rls('mst_questions');
SELECT enable_school_rls('mst_items');
SELECT enable_school_rls('mst_resps');
SELECT enable_school_rls('mst_tokens');
SELECT enable_school_rls('registrants');
SELECT enable_school_rls_through('mst_classes', 'mst_grade_id', 'mst_grades');
SELECT enable_school_rls_through('class_periods', 'school_period_id', 'school_periods');
-- role_schools is deliberately left out: it is the access configuration itself, read to work out the scope.
