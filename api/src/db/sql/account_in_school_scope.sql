-- requires: role_in_school_scope

-- The registrants of another school are hidden from a limited caller by their own school_scope policy, yet they
-- decide here: the function reads them with every school visible (its own SET, undone when it returns); the
-- tenant stays bound.
CREATE OR REPLACE FUNCTION account_in_school_scope(tenant integer, account integer, scope integer[])
  RETURNS boolean
  LANGUAGE sql STABLE
  SET app.school_ids = ''
  AS $$
    SELECT scope IS NULL OR COALESCE((
      SELECT CASE WHEN r.name = 'user' THEN
          EXISTS (SELECT 1 FROM registrants g WHERE g.tenant_id = tenant AND g.user_id = account)
          AND NOT EXISTS (
            SELECT 1 FROM registrants g
            WHERE g.tenant_id = tenant AND g.user_id = account AND g.school_id <> ALL (scope))
        ELSE role_in_school_scope(tenant, u.role_id, scope) END
      FROM users u JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
      WHERE u.tenant_id = tenant AND u.id = account), false)
  $$;
