-- 0291: school_scope policies without subqueries, as Citus requires of row-level policies (it refuses any
-- policy holding a sub-select, and it would run a policy's EXISTS against another shard's table).
--
-- Rows that reached their school through a parent row (a registrant's history, a period's fees, …) now carry
-- the parent's school in a `school_id` column of their own, kept by triggers: copied from the parent on insert
-- and when the row's parent changes (a parent out of the caller's schools is refused like the old policy's
-- check refused it), and passed down when the parent's school changes. Every school_scope policy then compares
-- the row's own school with the caller's: `school_id IS NULL OR app_school_ids() IS NULL OR school_id = ANY
-- (app_school_ids())` — the scope is read per row again (app_school_ids() is inlined SQL reading one setting),
-- the price of a policy Citus can push to its shards. The rule is unchanged: a row without a school is
-- visible, an empty scope sees every school, else the row's school must be one of the scope's.

CREATE OR REPLACE FUNCTION enable_school_rls(tbl regclass, school_column text DEFAULT 'school_id') RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  cond text := format('%1$I IS NULL OR app_school_ids() IS NULL OR %1$I = ANY (app_school_ids())', school_column);
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS school_scope ON %s', tbl);
  EXECUTE format('CREATE POLICY school_scope ON %s AS RESTRICTIVE USING (%s) WITH CHECK (%s)', tbl, cond, cond);
END $$;

-- BEFORE INSERT OR UPDATE OF <fk>, school_id on a child: TG_ARGV = (fk column, parent table).
CREATE OR REPLACE FUNCTION carry_school_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_id integer := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
  seen integer;
BEGIN
  IF parent_id IS NULL THEN
    NEW.school_id := NULL;
    RETURN NEW;
  END IF;
  EXECUTE format('SELECT school_id FROM %s WHERE tenant_id = $1 AND id = $2', TG_ARGV[1]::regclass)
    INTO NEW.school_id USING NEW.tenant_id, parent_id;
  GET DIAGNOSTICS seen = ROW_COUNT;
  IF seen = 0 THEN
    -- The parent exists (the foreign key says so) but lies outside the caller's schools.
    RAISE EXCEPTION 'new row violates row-level security policy "school_scope" for table "%"', TG_TABLE_NAME
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;

-- AFTER UPDATE OF school_id on a parent: TG_ARGV = (the child's fk column, child table).
CREATE OR REPLACE FUNCTION pass_school_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %s SET school_id = $1 WHERE tenant_id = $2 AND %I = $3 AND school_id IS DISTINCT FROM $1',
    TG_ARGV[1]::regclass, TG_ARGV[0]) USING NEW.school_id, NEW.tenant_id, NEW.id;
  RETURN NULL;
END $$;

-- The form later migrations call for a table whose school comes from a parent row.
CREATE OR REPLACE FUNCTION enable_school_rls_through(tbl regclass, fk_column text, parent regclass)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  child text := (SELECT relname FROM pg_class WHERE oid = tbl);
BEGIN
  EXECUTE format('ALTER TABLE %s ADD COLUMN IF NOT EXISTS school_id integer', tbl);
  -- The owner is subject to the policies too (FORCE): lifted for the copy of existing rows only.
  EXECUTE format('ALTER TABLE %s NO FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s NO FORCE ROW LEVEL SECURITY', parent);
  EXECUTE format('UPDATE %1$s c SET school_id = p.school_id FROM %2$s p WHERE p.tenant_id = c.tenant_id AND p.id = c.%3$I',
    tbl, parent, fk_column);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', parent);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s (tenant_id, school_id)', child || '_school_idx', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS carry_school_id ON %s', tbl);
  EXECUTE format('CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF %I, school_id ON %s
    FOR EACH ROW EXECUTE FUNCTION carry_school_id(%L, %L)', fk_column, tbl, fk_column, parent::text);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', 'pass_school_id_' || child, parent);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OF school_id ON %s FOR EACH ROW
    WHEN (OLD.school_id IS DISTINCT FROM NEW.school_id) EXECUTE FUNCTION pass_school_id(%L, %L)',
    'pass_school_id_' || child, parent, fk_column, tbl::text);
  PERFORM enable_school_rls(tbl);
END $$;

-- Every existing school_scope policy again, in the form it was made by (parents before their children: a
-- parent that is itself carried, such as mst_test_details, has its column before its children copy it).
DO $$
DECLARE
  p record;
  m text[];
  pending integer;
BEGIN
  FOR p IN SELECT format('%I.%I', schemaname, tablename)::regclass AS tbl, qual FROM pg_policies
           WHERE policyname = 'school_scope' AND qual NOT LIKE '%EXISTS%' LOOP
    m := regexp_match(p.qual, '^\(\((\w+) IS NULL\) OR');
    IF m IS NULL THEN
      RAISE EXCEPTION 'school_scope policy of % has an unknown form: %', p.tbl, p.qual;
    END IF;
    PERFORM enable_school_rls(p.tbl, m[1]);
  END LOOP;
  LOOP
    pending := 0;
    FOR p IN SELECT format('%I.%I', schemaname, tablename)::regclass AS tbl, qual FROM pg_policies
             WHERE policyname = 'school_scope' AND qual LIKE '%EXISTS%' ORDER BY tablename LOOP
      m := regexp_match(p.qual, '\((\w+) IS NULL\) OR \(EXISTS \( SELECT 1\s+FROM (\w+) p');
      IF m IS NULL THEN
        RAISE EXCEPTION 'school_scope policy of % has an unknown form: %', p.tbl, p.qual;
      END IF;
      -- A parent still waiting for its own column comes first.
      IF EXISTS (SELECT 1 FROM pg_policies WHERE policyname = 'school_scope' AND tablename = m[2]
                 AND qual LIKE '%EXISTS%') THEN
        pending := pending + 1;
        CONTINUE;
      END IF;
      PERFORM enable_school_rls_through(p.tbl, m[1], m[2]::regclass);
    END LOOP;
    EXIT WHEN pending = 0;
  END LOOP;
END $$;
