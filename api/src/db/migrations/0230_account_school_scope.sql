-- 0230: a school-limited staff role manages only the accounts and roles inside its schools.
--
-- Accounts and roles carry no school of their own, so they get no school_scope row policy: every school-scoped
-- read joins the owner of a registrant (users) and would lose the caller's own registrants whose parent also has
-- a child at another school. Instead the account and role routes (the engine's user and role resources, the
-- password reset, the role permissions and role schools) filter by the two functions below, evaluated by the
-- database against the caller's bound schools (`app_school_ids()`, NULL for every school).
--
-- A role is inside a scope when it is limited to at least one school and every one of them is in the scope
-- (superadmin is never limited, whatever rows it has). A staff account is inside when its role is. A parent
-- account (role `user`) is inside when it has at least one registrant, archived ones included, and every one
-- of them is at a school of the scope: an account without a registrant belongs to no school, so only an
-- unlimited role manages it.

CREATE OR REPLACE FUNCTION role_in_school_scope(tenant integer, role integer, scope integer[]) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT scope IS NULL OR (
      EXISTS (SELECT 1 FROM roles r WHERE r.tenant_id = tenant AND r.id = role AND r.name <> 'superadmin')
      AND EXISTS (SELECT 1 FROM role_schools rs WHERE rs.tenant_id = tenant AND rs.role_id = role)
      AND NOT EXISTS (
        SELECT 1 FROM role_schools rs WHERE rs.tenant_id = tenant AND rs.role_id = role AND rs.school_id <> ALL (scope)))
  $$;

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

-- A parent's registrants by school, archived ones included (registrants_user_idx holds only live ones).
CREATE INDEX registrants_owner_school_idx ON registrants (tenant_id, user_id, school_id);
