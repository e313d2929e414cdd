-- requires: report_bill_counts, report_wib_day

-- The paid installments of registrant r's counted bills (or of one, `bill`), added to (sign +1) or taken from
-- (-1) the payment days.
CREATE OR REPLACE FUNCTION report_add_payments(r registrants, bill integer, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), sign * count(*), sign * sum(i.amount)
  FROM registrant_header_payments h
  JOIN registrant_installment_payments i ON i.tenant_id = h.tenant_id AND i.header_id = h.id
  WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id AND h.deleted_at IS NULL AND i.paid_at IS NOT NULL
    AND (bill IS NULL OR h.id = bill) AND report_bill_counts(r, h.state, h.show_at_graduation)
  GROUP BY h.tenant_id, h.school_id, h.mst_type_payment_id, report_wib_day(i.paid_at)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
  DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount $$;
