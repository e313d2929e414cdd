-- requires: app_school_ids

-- Records without a school (shared by every school of the foundation, e.g. a grade for all) stay visible.
CREATE OR REPLACE FUNCTION app_school_visible(school integer) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT school IS NULL OR app_school_ids() IS NULL OR school = ANY (app_school_ids()) $$;
