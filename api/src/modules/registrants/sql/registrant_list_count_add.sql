-- One registrant's contribution (sign +1 or -1) to the staff list's counts per state and flags.
CREATE OR REPLACE FUNCTION registrant_list_count_add(r registrants, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO registrant_list_counts AS t (tenant_id, school_id, school_year_id, school_period_id, mst_class_id,
    status, is_submit, is_test, is_internal, is_accepted, archived, registrants)
  VALUES (r.tenant_id, r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status, r.is_submit,
    r.is_test, r.is_internal, r.is_accepted, r.deleted_at IS NOT NULL, sign)
  ON CONFLICT (tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, archived)
  DO UPDATE SET registrants = t.registrants + excluded.registrants $$;
