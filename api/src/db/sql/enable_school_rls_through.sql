-- requires: carry_school_id, enable_school_rls, pass_school_id

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
