-- 0200: the caller's schools read once per statement instead of once per row.
--
-- The school_scope policies (0006) called app_school_ids() inline, so PostgreSQL read and parsed `app.school_ids`
-- again for every row each policy looked at: hundreds of times per call of the staff list.
-- Written as `(SELECT app_school_ids())`, the scope is an InitPlan of the statement, computed once when first
-- needed; each row then compares with its result. The rule itself is unchanged: a row without a school is
-- visible, an empty scope sees every school, else the row's school must be one of the scope's.
--
-- Both helpers are redefined, so tables enabled by later migrations get the same form, and every existing
-- school_scope policy is rebuilt with the helper it was made by (a policy of an unknown form stops the
-- migration).

CREATE OR REPLACE FUNCTION enable_school_rls(tbl regclass, school_column text DEFAULT 'school_id') RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  cond text := format(
    '%1$I IS NULL OR (SELECT app_school_ids()) IS NULL OR %1$I = ANY ((SELECT app_school_ids())::integer[])', school_column);
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format('CREATE POLICY school_scope ON %s AS RESTRICTIVE USING (%s) WITH CHECK (%s)', tbl, cond, cond);
END $$;

CREATE OR REPLACE FUNCTION enable_school_rls_through(tbl regclass, fk_column text, parent regclass)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cond text := format(
    '(SELECT app_school_ids()) IS NULL OR %2$I IS NULL OR EXISTS (SELECT 1 FROM %3$s p WHERE p.tenant_id = %1$s.tenant_id AND p.id = %1$s.%2$I)',
    tbl, fk_column, parent);
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format('CREATE POLICY school_scope ON %s AS RESTRICTIVE USING (%s) WITH CHECK (%s)', tbl, cond, cond);
END $$;

DO $$
DECLARE
  p record;
  m text[];
BEGIN
  FOR p IN SELECT format('%I.%I', schemaname, tablename)::regclass AS tbl, qual FROM pg_policies
           WHERE policyname = 'school_scope' ORDER BY tablename LOOP
    m := regexp_match(p.qual, '^app_school_visible\((\w+)\)$');
    IF m IS NOT NULL THEN
      PERFORM enable_school_rls(p.tbl, m[1]);
      CONTINUE;
    END IF;
    m := regexp_match(p.qual,
      '^\(\(app_school_ids\(\) IS NULL\) OR \((\w+) IS NULL\) OR \(EXISTS \( SELECT 1\s+FROM (\w+) p');
    IF m IS NULL THEN
      RAISE EXCEPTION 'school_scope policy of % has an unknown form: %', p.tbl, p.qual;
    END IF;
    PERFORM enable_school_rls_through(p.tbl, m[1], m[2]::regclass);
  END LOOP;
END $$;
