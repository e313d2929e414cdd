-- The tenant of the current connection, or NULL when none is set (a missing or empty setting yields no rows,
-- never an error). Simple SQL + STABLE, so the planner inlines it into the policies.
CREATE OR REPLACE FUNCTION app_tenant_id() RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::integer $$;
