-- Whether a role is inside a school-limited caller's scope (accounts and roles carry no school, so the account
-- and role routes filter by this): limited to at least one school, every one of them in the scope;
-- superadmin is never limited.
CREATE OR REPLACE FUNCTION role_in_school_scope(tenant integer, role integer, scope integer[]) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT scope IS NULL OR (
      EXISTS (SELECT 1 FROM roles r WHERE r.tenant_id = tenant AND r.id = role AND r.name <> 'superadmin')
      AND EXISTS (SELECT 1 FROM role_schools rs WHERE rs.tenant_id = tenant AND rs.role_id = role)
      AND NOT EXISTS (
        SELECT 1 FROM role_schools rs WHERE rs.tenant_id = tenant AND rs.role_id = role AND rs.school_id <> ALL (scope)))
  $$;
