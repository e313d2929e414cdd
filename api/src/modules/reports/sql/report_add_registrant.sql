-- requires: report_add_payments, report_add_registrant_row, report_bill_counts, report_has_paid_bill, report_has_score, report_wib_day

-- A registrant's whole contribution (sign +1 or -1): its own row in the registrant days (live registrants
-- only) and its bills and payments, so a registrant's move takes them along.
CREATE OR REPLACE FUNCTION report_add_registrant(r registrants, sign integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF r.deleted_at IS NULL THEN
    PERFORM report_add_registrant_row(r, report_has_paid_bill(r.tenant_id, r.id, NULL),
      report_has_score(r.tenant_id, r.id, NULL), sign);
  END IF;
  INSERT INTO report_bill_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    state, day, bills, billed, paid)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
    report_wib_day(h.created_at), sign * count(*), sign * sum(h.total_amount), sign * sum(h.paid_amount)
  FROM registrant_header_payments h
  WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id AND h.deleted_at IS NULL
    AND report_bill_counts(r, h.state, h.show_at_graduation)
  GROUP BY h.tenant_id, h.school_id, h.mst_type_payment_id, h.state, report_wib_day(h.created_at)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
  DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;
  PERFORM report_add_payments(r, NULL, sign);
END $$;
