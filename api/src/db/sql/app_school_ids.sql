-- The caller's schools, or NULL for every school. Simple SQL + STABLE: inlined into the policies.
CREATE OR REPLACE FUNCTION app_school_ids() RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT string_to_array(NULLIF(current_setting('app.school_ids', true), ''), ',')::integer[] $$;
