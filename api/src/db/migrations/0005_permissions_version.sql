-- Each authenticated request reads the caller's permissions. Building them from role_modules every time
-- costs PostgreSQL most of an auth check, so the api keeps them in memory keyed by this version, which a
-- trigger bumps on every change of the role's rows: a change still takes effect on the next request, on
-- every instance, whatever code path made it.
ALTER TABLE roles ADD COLUMN permissions_version bigint NOT NULL DEFAULT 1;

CREATE FUNCTION bump_role_permissions_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE roles SET permissions_version = permissions_version + 1
      WHERE tenant_id = OLD.tenant_id AND id = OLD.role_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.role_id <> OLD.role_id) THEN
    UPDATE roles SET permissions_version = permissions_version + 1
      WHERE tenant_id = NEW.tenant_id AND id = NEW.role_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER role_modules_bump_version
  AFTER INSERT OR UPDATE OR DELETE ON role_modules
  FOR EACH ROW EXECUTE FUNCTION bump_role_permissions_version();
