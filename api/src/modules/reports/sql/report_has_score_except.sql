-- Whether a registrant has a scored live test sitting among the rows not in `except_ids`.
CREATE OR REPLACE FUNCTION report_has_score_except(tenant integer, registrant integer, except_ids integer[]) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_tests t WHERE t.tenant_id = tenant AND t.registrant_id = registrant
    AND t.deleted_at IS NULL AND t.scored_at IS NOT NULL AND t.id <> ALL (except_ids)) $$;
