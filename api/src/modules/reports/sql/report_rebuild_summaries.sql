-- requires: report_bill_counts, report_wib_day

-- The tenant's running sums dropped and computed again from its registrants, bills, installments and
-- sittings by the triggers' rules: after a bulk load that deferred the triggers (report_summaries_deferred).
CREATE OR REPLACE FUNCTION report_rebuild_summaries(tenant integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT SET enable_nestloop = off
  AS $$
BEGIN
  -- A change committing in between would be lost or counted twice: writers of the sums wait until the end.
  LOCK TABLE report_registrant_days, report_bill_days, report_payment_days IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM report_registrant_days WHERE tenant_id = tenant;
  DELETE FROM report_bill_days WHERE tenant_id = tenant;
  DELETE FROM report_payment_days WHERE tenant_id = tenant;

  -- Whether a live registrant has a live bill paid in full / a scored live sitting, one pass over each.
  INSERT INTO report_registrant_days (tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status,
    paid, tested, day, registrants)
  SELECT r.tenant_id, r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status,
    p.registrant_id IS NOT NULL, s.registrant_id IS NOT NULL, report_wib_day(r.created_at), count(*)
  FROM registrants r
  LEFT JOIN (SELECT DISTINCT h.registrant_id FROM registrant_header_payments h
    WHERE h.tenant_id = tenant AND h.deleted_at IS NULL AND h.state = 'paid') p ON p.registrant_id = r.id
  LEFT JOIN (SELECT DISTINCT t.registrant_id FROM registrant_tests t
    WHERE t.tenant_id = tenant AND t.deleted_at IS NULL AND t.scored_at IS NOT NULL) s ON s.registrant_id = r.id
  WHERE r.tenant_id = tenant AND r.deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

  INSERT INTO report_bill_days (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    state, day, bills, billed, paid)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
    report_wib_day(h.created_at), count(*), sum(h.total_amount), sum(h.paid_amount)
  FROM registrant_header_payments h
  JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
  WHERE h.tenant_id = tenant AND h.deleted_at IS NULL AND report_bill_counts(r, h.state, h.show_at_graduation)
  GROUP BY 1, 2, 3, 4, 5, 6, 7;

  INSERT INTO report_payment_days (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), count(*), sum(i.amount)
  FROM registrant_installment_payments i
  JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id AND h.deleted_at IS NULL
  JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
  WHERE i.tenant_id = tenant AND i.paid_at IS NOT NULL AND report_bill_counts(r, h.state, h.show_at_graduation)
  GROUP BY 1, 2, 3, 4, 5, 6;
END $$;
