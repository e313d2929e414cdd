-- requires: report_bill_counts, report_bill_registrant, report_wib_day

-- A paid installment's contribution (sign +1 or -1) to the payment days, when its bill counts.
CREATE OR REPLACE FUNCTION report_add_installment(i registrant_installment_payments, sign integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  h registrant_header_payments;
  r registrants;
BEGIN
  IF i.paid_at IS NULL THEN RETURN; END IF;
  SELECT * INTO h FROM registrant_header_payments x WHERE x.tenant_id = i.tenant_id AND x.id = i.header_id;
  -- No bill: it is being deleted, and its own trigger took its payments away first.
  IF h.id IS NULL OR h.deleted_at IS NOT NULL THEN RETURN; END IF;
  r := report_bill_registrant(h.tenant_id, h.registrant_id);
  IF r.id IS NULL OR NOT report_bill_counts(r, h.state, h.show_at_graduation) THEN RETURN; END IF;
  INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  VALUES (h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), sign, sign * i.amount)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
  DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
END $$;
