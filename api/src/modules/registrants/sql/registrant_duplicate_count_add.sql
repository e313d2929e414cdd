-- One registrant's contribution (sign +1 or -1) to the "possible duplicates" counts: live registrants per
-- school, parent account and duplicate key.
CREATE OR REPLACE FUNCTION registrant_duplicate_count_add(r registrants, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO registrant_duplicate_counts AS t (tenant_id, user_id, duplicate_key, school_id, registrants)
  VALUES (r.tenant_id, r.user_id, r.duplicate_key, r.school_id, sign)
  ON CONFLICT (tenant_id, user_id, duplicate_key, school_id)
  DO UPDATE SET registrants = t.registrants + excluded.registrants $$;
