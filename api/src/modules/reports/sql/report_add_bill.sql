-- requires: report_bill_counts, report_bill_counts_by_state, report_bill_registrant, report_wib_day

-- A bill's contribution (sign +1 or -1) to the bill days of the dashboard's running sums, and with
-- `with_payments` (or when the bill counts only once paid) its paid installments' to the payment days.
CREATE OR REPLACE FUNCTION report_add_bill(h registrant_header_payments, sign integer, with_payments boolean)
  RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  r registrants;
BEGIN
  IF h.deleted_at IS NOT NULL THEN RETURN; END IF;
  r := report_bill_registrant(h.tenant_id, h.registrant_id);
  IF r.id IS NULL OR NOT report_bill_counts(r, h.state, h.show_at_graduation) THEN RETURN; END IF;
  INSERT INTO report_bill_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    state, day, bills, billed, paid)
  VALUES (h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
    report_wib_day(h.created_at), sign, sign * h.total_amount, sign * h.paid_amount)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
  DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;
  IF with_payments OR report_bill_counts_by_state(r, h.show_at_graduation) THEN
    -- The bill's row is what the payments are read through: add them with its values (old or new).
    INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id,
      mst_type_payment_id, day, payments, amount)
    SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
      report_wib_day(i.paid_at), sign * count(*), sign * sum(i.amount)
    FROM registrant_installment_payments i
    WHERE i.tenant_id = h.tenant_id AND i.header_id = h.id AND i.paid_at IS NOT NULL
    GROUP BY report_wib_day(i.paid_at)
    ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
    DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  END IF;
END $$;
