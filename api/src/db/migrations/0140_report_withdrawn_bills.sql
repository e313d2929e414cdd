-- 0140: one rule for the bills of a registrant who left the season (withdrew, or was archived by staff: either
-- way the registrant row is soft-deleted). What it still owes is not outstanding money: its published and partly
-- paid bills count nowhere. A bill it paid in full is money received for a settled bill and still counts, billed
-- and paid, with its payments. The bill reports apply the same rule (modules/reports/bill-scope.ts), and so does
-- the bill list's `counted` filter the dashboard links to.
--
-- The running sums of 0080 followed live registrants only; here the bills and payments of a gone registrant's
-- paid bills are added, and the triggers keep them: a gone registrant's bill moving into or out of `paid` takes
-- its payments along.

-- The registrant of a bill or installment, live or not, locked against a concurrent change of the same sums.
CREATE FUNCTION report_bill_registrant(tenant integer, registrant integer) RETURNS registrants
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT r.* FROM registrants r WHERE r.tenant_id = tenant AND r.id = registrant FOR NO KEY UPDATE $$;

-- Whether a bill of registrant r counts in the money figures.
CREATE FUNCTION report_bill_counts(r registrants, state text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT r.deleted_at IS NULL OR state = 'paid' $$;

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
    AND (bill IS NULL OR h.id = bill) AND report_bill_counts(r, h.state)
  GROUP BY h.tenant_id, h.school_id, h.mst_type_payment_id, report_wib_day(i.paid_at)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
  DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount $$;

-- Everything a registrant counts for, times sign: a live one itself, its live bills and their payments; a gone
-- one its paid bills and their payments.
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
    AND report_bill_counts(r, h.state)
  GROUP BY h.tenant_id, h.school_id, h.mst_type_payment_id, h.state, report_wib_day(h.created_at)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
  DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;
  PERFORM report_add_payments(r, NULL, sign);
END $$;

-- A bill of a gone registrant counts by its state, so its payments move whenever the state does.
CREATE OR REPLACE FUNCTION report_add_bill(h registrant_header_payments, sign integer, with_payments boolean)
  RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  r registrants;
BEGIN
  IF h.deleted_at IS NOT NULL THEN RETURN; END IF;
  r := report_bill_registrant(h.tenant_id, h.registrant_id);
  IF r.id IS NULL OR NOT report_bill_counts(r, h.state) THEN RETURN; END IF;
  INSERT INTO report_bill_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    state, day, bills, billed, paid)
  VALUES (h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
    report_wib_day(h.created_at), sign, sign * h.total_amount, sign * h.paid_amount)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
  DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;
  IF with_payments OR r.deleted_at IS NOT NULL THEN
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
  IF r.id IS NULL OR NOT report_bill_counts(r, h.state) THEN RETURN; END IF;
  INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  VALUES (h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), sign, sign * i.amount)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
  DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
END $$;

-- What the gone registrants already paid.
INSERT INTO report_bill_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
  state, day, bills, billed, paid)
SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
  report_wib_day(h.created_at), count(*), sum(h.total_amount), sum(h.paid_amount)
FROM registrant_header_payments h
JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id AND r.deleted_at IS NOT NULL
WHERE h.deleted_at IS NULL AND h.state = 'paid'
GROUP BY 1, 2, 3, 4, 5, 6, 7
ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;

INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
  day, payments, amount)
SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
  report_wib_day(i.paid_at), count(*), sum(i.amount)
FROM registrant_installment_payments i
JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id AND h.deleted_at IS NULL
  AND h.state = 'paid'
JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id AND r.deleted_at IS NOT NULL
WHERE i.paid_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
