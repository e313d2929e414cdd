-- requires: app_school_ids

-- The school_scope policy of a table with its own school column (called by the migration that creates it). No
-- subquery, as Citus requires of row-level policies: a row without a school is visible, an empty scope sees
-- every school, else the row's school must be one of the caller's.
CREATE OR REPLACE FUNCTION enable_school_rls(tbl regclass, school_column text DEFAULT 'school_id') RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  cond text := format('%1$I IS NULL OR app_school_ids() IS NULL OR %1$I = ANY (app_school_ids())', school_column);
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format('CREATE POLICY school_scope ON %s AS RESTRICTIVE USING (%s) WITH CHECK (%s)', tbl, cond, cond);
END $$;
