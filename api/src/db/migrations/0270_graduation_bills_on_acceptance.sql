-- 0270: a bill shown at graduation (the entry fee, "Tampilkan Saat Kelulusan") is billed to a registrant only
-- once the registrant is accepted. Staff may make such bills for a whole period before the announcement; until
-- the registrant's published result is acceptance the bill is not the family's to pay: the parent does not see
-- it, and the money figures (dashboard, payment reports, the bill list's `counted` filter) do not count it as
-- outstanding. A rejected registrant's unpaid ones are cancelled, with a history row, when the result is
-- published; a reserve registrant's stay as they are and count from the moment the registrant is accepted.
--
-- The same rule as for a registrant who left the season (0140): such a bill counts only once paid in full, and
-- so its payments move with its state. The app applies it too (api/src/lib/counted-bills.ts).

-- Whether a registrant's bill counts only by its state (paid in full): the registrant left the season, or the
-- bill waits for an acceptance the registrant does not have. `is_accepted` follows the registrant's state, so
-- the registrant triggers (which watch the state) move the bills along when a result is published.
CREATE FUNCTION report_bill_counts_by_state(r registrants, at_graduation boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT r.deleted_at IS NOT NULL OR (at_graduation AND r.is_accepted IS NOT TRUE) $$;

-- Whether a bill of registrant r counts in the money figures.
CREATE FUNCTION report_bill_counts(r registrants, state text, at_graduation boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT NOT report_bill_counts_by_state(r, at_graduation) OR state = 'paid' $$;

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

DROP FUNCTION report_bill_counts(registrants, text);

SELECT report_rebuild_summaries(id) FROM tenants;

-- A published "not accepted" result cancels the registrant's unpaid bills shown at graduation (a bill with
-- money on it is kept: money received is never dropped). Written as a trigger, like re-registration (0105), so
-- every way a result is published (one registrant, the bulk job) cancels them in the same transaction. It fires
-- on the write of the publication time, which carries who published.
CREATE FUNCTION cancel_graduation_bills_when_rejected() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH unpaid AS (
    SELECT b.id, b.school_id, b.state FROM registrant_header_payments b
    WHERE b.tenant_id = NEW.tenant_id AND b.registrant_id = NEW.id AND b.show_at_graduation
      AND b.deleted_at IS NULL AND b.state IN ('draft', 'published') AND b.paid_amount = 0
    FOR UPDATE
  ), cancelled AS (
    UPDATE registrant_header_payments b
    SET state = 'cancelled', version = b.version + 1, updated_at = now()
    FROM unpaid
    WHERE b.tenant_id = NEW.tenant_id AND b.id = unpaid.id
    RETURNING b.id, unpaid.school_id, unpaid.state AS from_state
  )
  INSERT INTO payment_history (tenant_id, header_id, school_id, action, from_state, to_state, reason, user_id)
  SELECT NEW.tenant_id, id, school_id, 'cancelled_not_accepted', from_state, 'cancelled',
    'Calon murid tidak diterima: tagihan yang ditampilkan saat kelulusan dibatalkan.', NEW.result_published_by
  FROM cancelled;
  IF FOUND THEN PERFORM pg_notify('bill_changed', NEW.tenant_id || ':' || NEW.id); END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER registrants_cancel_graduation_bills
  AFTER UPDATE OF result_published_at ON registrants
  FOR EACH ROW WHEN (NEW.status = 'rejected' AND NEW.result_published_at IS NOT NULL
    AND NEW.result_published_at IS DISTINCT FROM OLD.result_published_at)
  EXECUTE FUNCTION cancel_graduation_bills_when_rejected();
