-- The api keeps each role's permissions in memory keyed by roles.permissions_version; any change of the role's
-- rows bumps it, so a change takes effect on the next request on every instance, whatever code path made it.
CREATE OR REPLACE FUNCTION bump_role_permissions_version() RETURNS trigger
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

DROP TRIGGER IF EXISTS role_modules_bump_version ON role_modules;
CREATE TRIGGER role_modules_bump_version AFTER INSERT OR DELETE OR UPDATE ON role_modules
  FOR EACH ROW
  EXECUTE FUNCTION bump_role_permissions_version();
