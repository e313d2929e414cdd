-- requires: report_wib_day

-- The registrant's row in the registrant days, with its `paid` and `tested` flags.
CREATE OR REPLACE FUNCTION report_add_registrant_row(r registrants, paid boolean, tested boolean, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO report_registrant_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_class_id,
    status, paid, tested, day, registrants)
  VALUES (r.tenant_id, r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status, paid, tested,
    report_wib_day(r.created_at), sign)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_class_id, status, paid, tested, day)
  DO UPDATE SET registrants = t.registrants + excluded.registrants $$;
