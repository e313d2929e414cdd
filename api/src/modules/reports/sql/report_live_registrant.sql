-- The live registrant of a bill or sitting, locked against a concurrent change of the same sums.
CREATE OR REPLACE FUNCTION report_live_registrant(tenant integer, registrant integer) RETURNS registrants
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT r.* FROM registrants r WHERE r.tenant_id = tenant AND r.id = registrant AND r.deleted_at IS NULL
    FOR NO KEY UPDATE $$;
