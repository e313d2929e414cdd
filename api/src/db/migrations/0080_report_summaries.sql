-- 0080: the dashboard's figures kept as running sums, so it reads a few hundred rows instead of every
-- registrant, bill and installment of a season.
--
-- * report_registrant_days: live registrants per school, year, period, class, state, registration day (WIB),
--   whether they have a live bill paid in full (`paid`) and whether they have a scored live test sitting
--   (`tested`).
-- * report_bill_days: live bills of live registrants per school, year, period, payment type, bill state and the
--   day the bill was made (WIB): how many, their total and their paid amount.
-- * report_payment_days: paid installments of those bills per school, year, period, payment type and the day
--   they were paid (WIB): how many and how much.
--
-- Triggers on registrants, bills, installments and test sittings keep the sums exact: every change takes the
-- old row's contribution away and adds the new row's (a registrant's move takes its bills and payments along;
-- a bill's archive or restore takes its payments). The functions run as their owner (SECURITY DEFINER) so a
-- job or a school-limited role changing a row always updates every sum it touches. The registrant row is locked
-- (FOR NO KEY UPDATE) before a bill or a sitting changes its sums, so two payments of one registrant at once
-- cannot both count it as newly paid. A bill or a sitting never moves to another registrant.

CREATE TABLE report_registrant_days (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  school_id integer NOT NULL,
  school_year_id integer NOT NULL,
  school_period_id integer NOT NULL,
  mst_class_id integer NOT NULL,
  status text NOT NULL,
  paid boolean NOT NULL,
  tested boolean NOT NULL,
  day date NOT NULL,
  registrants integer NOT NULL,
  PRIMARY KEY (tenant_id, school_year_id, school_period_id, school_id, mst_class_id, status, paid, tested, day)
);
CREATE INDEX report_registrant_days_day_idx ON report_registrant_days (tenant_id, day);
SELECT enable_tenant_rls('report_registrant_days');
SELECT enable_school_rls('report_registrant_days');

CREATE TABLE report_bill_days (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  school_id integer NOT NULL,
  school_year_id integer NOT NULL,
  school_period_id integer NOT NULL,
  mst_type_payment_id integer NOT NULL,
  state text NOT NULL,
  day date NOT NULL,
  bills integer NOT NULL,
  billed bigint NOT NULL,
  paid bigint NOT NULL,
  PRIMARY KEY (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
);
SELECT enable_tenant_rls('report_bill_days');
SELECT enable_school_rls('report_bill_days');

CREATE TABLE report_payment_days (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  school_id integer NOT NULL,
  school_year_id integer NOT NULL,
  school_period_id integer NOT NULL,
  mst_type_payment_id integer NOT NULL,
  day date NOT NULL,
  payments integer NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
);
CREATE INDEX report_payment_days_day_idx ON report_payment_days (tenant_id, day);
SELECT enable_tenant_rls('report_payment_days');
SELECT enable_school_rls('report_payment_days');

CREATE FUNCTION report_wib_day(t timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (t AT TIME ZONE 'Asia/Jakarta')::date $$;

-- Whether a registrant has a live bill paid in full / a scored live sitting, leaving one row out (the row a
-- trigger is changing; its old and new versions are judged by the caller).
CREATE FUNCTION report_has_paid_bill(tenant integer, registrant integer, except_id integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_header_payments h WHERE h.tenant_id = tenant
    AND h.registrant_id = registrant AND h.deleted_at IS NULL AND h.state = 'paid' AND h.id IS DISTINCT FROM except_id) $$;

CREATE FUNCTION report_has_score(tenant integer, registrant integer, except_id integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_tests t WHERE t.tenant_id = tenant AND t.registrant_id = registrant
    AND t.deleted_at IS NULL AND t.scored_at IS NOT NULL AND t.id IS DISTINCT FROM except_id) $$;

CREATE FUNCTION report_add_registrant_row(r registrants, paid boolean, tested boolean, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO report_registrant_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_class_id,
    status, paid, tested, day, registrants)
  VALUES (r.tenant_id, r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status, paid, tested,
    report_wib_day(r.created_at), sign)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_class_id, status, paid, tested, day)
  DO UPDATE SET registrants = t.registrants + excluded.registrants $$;

-- The payments of live bill `bill` (every one when NULL) of live registrant r, times sign.
CREATE FUNCTION report_add_payments(r registrants, bill integer, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), sign * count(*), sign * sum(i.amount)
  FROM registrant_header_payments h
  JOIN registrant_installment_payments i ON i.tenant_id = h.tenant_id AND i.header_id = h.id
  WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id AND h.deleted_at IS NULL AND i.paid_at IS NOT NULL
    AND (bill IS NULL OR h.id = bill)
  GROUP BY h.tenant_id, h.school_id, h.mst_type_payment_id, report_wib_day(i.paid_at)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
  DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount $$;

-- Everything a registrant counts for (itself, its live bills and their payments), times sign.
CREATE FUNCTION report_add_registrant(r registrants, sign integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF r.deleted_at IS NOT NULL THEN RETURN; END IF;
  PERFORM report_add_registrant_row(r, report_has_paid_bill(r.tenant_id, r.id, NULL),
    report_has_score(r.tenant_id, r.id, NULL), sign);
  INSERT INTO report_bill_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    state, day, bills, billed, paid)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
    report_wib_day(h.created_at), sign * count(*), sign * sum(h.total_amount), sign * sum(h.paid_amount)
  FROM registrant_header_payments h
  WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id AND h.deleted_at IS NULL
  GROUP BY h.tenant_id, h.school_id, h.mst_type_payment_id, h.state, report_wib_day(h.created_at)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
  DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;
  PERFORM report_add_payments(r, NULL, sign);
END $$;

-- The live registrant of a bill or sitting, locked against a concurrent change of the same sums.
CREATE FUNCTION report_live_registrant(tenant integer, registrant integer) RETURNS registrants
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT r.* FROM registrants r WHERE r.tenant_id = tenant AND r.id = registrant AND r.deleted_at IS NULL
    FOR NO KEY UPDATE $$;

-- A registrant whose paid / tested flag may change: `was` and `is` say whether the changed row counted before
-- and after; the other rows are read after the lock.
CREATE FUNCTION report_move_flag(tenant integer, registrant integer, flag text, row_id integer, was boolean,
  now_counts boolean) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  r registrants := report_live_registrant(tenant, registrant);
  others boolean;
  other_flag boolean;
BEGIN
  IF r.id IS NULL OR was = now_counts THEN RETURN; END IF;
  IF flag = 'paid' THEN
    others := report_has_paid_bill(tenant, registrant, row_id);
    other_flag := report_has_score(tenant, registrant, NULL);
  ELSE
    others := report_has_score(tenant, registrant, row_id);
    other_flag := report_has_paid_bill(tenant, registrant, NULL);
  END IF;
  IF others THEN RETURN; END IF;
  IF flag = 'paid' THEN
    PERFORM report_add_registrant_row(r, was, other_flag, -1);
    PERFORM report_add_registrant_row(r, now_counts, other_flag, 1);
  ELSE
    PERFORM report_add_registrant_row(r, other_flag, was, -1);
    PERFORM report_add_registrant_row(r, other_flag, now_counts, 1);
  END IF;
END $$;

CREATE FUNCTION report_add_bill(h registrant_header_payments, sign integer, with_payments boolean) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  r registrants;
BEGIN
  IF h.deleted_at IS NOT NULL THEN RETURN; END IF;
  r := report_live_registrant(h.tenant_id, h.registrant_id);
  IF r.id IS NULL THEN RETURN; END IF;
  INSERT INTO report_bill_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    state, day, bills, billed, paid)
  VALUES (h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
    report_wib_day(h.created_at), sign, sign * h.total_amount, sign * h.paid_amount)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, state, day)
  DO UPDATE SET bills = t.bills + excluded.bills, billed = t.billed + excluded.billed, paid = t.paid + excluded.paid;
  IF with_payments THEN
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

CREATE FUNCTION report_add_installment(i registrant_installment_payments, sign integer) RETURNS void
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
  r := report_live_registrant(h.tenant_id, h.registrant_id);
  IF r.id IS NULL THEN RETURN; END IF;
  INSERT INTO report_payment_days AS t (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  VALUES (h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), sign, sign * i.amount)
  ON CONFLICT (tenant_id, school_year_id, school_period_id, school_id, mst_type_payment_id, day)
  DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
END $$;

CREATE FUNCTION report_registrants_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.school_id, OLD.school_year_id, OLD.school_period_id, OLD.mst_class_id,
      OLD.created_at, OLD.deleted_at) IS NOT DISTINCT FROM (NEW.status, NEW.school_id, NEW.school_year_id,
      NEW.school_period_id, NEW.mst_class_id, NEW.created_at, NEW.deleted_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM report_add_registrant(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_add_registrant(NEW, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE OR DELETE ON registrants
  FOR EACH ROW EXECUTE FUNCTION report_registrants_changed();

-- A bill is taken away BEFORE it is deleted: its installments (deleted with it) are still there to subtract.
CREATE FUNCTION report_bills_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  moved boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_add_bill(OLD, -1, true);
    PERFORM report_move_flag(OLD.tenant_id, OLD.registrant_id, 'paid', OLD.id,
      OLD.deleted_at IS NULL AND OLD.state = 'paid', false);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.state, OLD.total_amount, OLD.paid_amount, OLD.school_id, OLD.mst_type_payment_id, OLD.created_at,
        OLD.deleted_at) IS NOT DISTINCT FROM (NEW.state, NEW.total_amount, NEW.paid_amount, NEW.school_id,
        NEW.mst_type_payment_id, NEW.created_at, NEW.deleted_at) THEN
      RETURN NULL;
    END IF;
    moved := (OLD.school_id, OLD.mst_type_payment_id, OLD.deleted_at)
      IS DISTINCT FROM (NEW.school_id, NEW.mst_type_payment_id, NEW.deleted_at);
    PERFORM report_add_bill(OLD, -1, moved);
    PERFORM report_add_bill(NEW, 1, moved);
    PERFORM report_move_flag(NEW.tenant_id, NEW.registrant_id, 'paid', NEW.id,
      OLD.deleted_at IS NULL AND OLD.state = 'paid', NEW.deleted_at IS NULL AND NEW.state = 'paid');
  ELSE
    PERFORM report_add_bill(NEW, 1, true);
    PERFORM report_move_flag(NEW.tenant_id, NEW.registrant_id, 'paid', NEW.id, false,
      NEW.deleted_at IS NULL AND NEW.state = 'paid');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE ON registrant_header_payments
  FOR EACH ROW EXECUTE FUNCTION report_bills_changed();
CREATE TRIGGER report_summaries_delete BEFORE DELETE ON registrant_header_payments
  FOR EACH ROW EXECUTE FUNCTION report_bills_changed();

CREATE FUNCTION report_installments_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.paid_at, OLD.amount, OLD.header_id) IS NOT DISTINCT FROM
      (NEW.paid_at, NEW.amount, NEW.header_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM report_add_installment(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_add_installment(NEW, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE OR DELETE ON registrant_installment_payments
  FOR EACH ROW EXECUTE FUNCTION report_installments_changed();

CREATE FUNCTION report_sittings_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.scored_at IS NOT NULL;
  now_counts boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.scored_at IS NOT NULL;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_move_flag(OLD.tenant_id, OLD.registrant_id, 'tested', OLD.id, was, false);
  ELSE
    PERFORM report_move_flag(NEW.tenant_id, NEW.registrant_id, 'tested', NEW.id, was, now_counts);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE OR DELETE ON registrant_tests
  FOR EACH ROW EXECUTE FUNCTION report_sittings_changed();

-- What is there already.
INSERT INTO report_registrant_days (tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status,
  paid, tested, day, registrants)
SELECT r.tenant_id, r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status,
  report_has_paid_bill(r.tenant_id, r.id, NULL), report_has_score(r.tenant_id, r.id, NULL),
  report_wib_day(r.created_at), count(*)
FROM registrants r WHERE r.deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

INSERT INTO report_bill_days (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id, state, day,
  bills, billed, paid)
SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id, h.state,
  report_wib_day(h.created_at), count(*), sum(h.total_amount), sum(h.paid_amount)
FROM registrant_header_payments h
JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id AND r.deleted_at IS NULL
WHERE h.deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;

INSERT INTO report_payment_days (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id, day,
  payments, amount)
SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
  report_wib_day(i.paid_at), count(*), sum(i.amount)
FROM registrant_installment_payments i
JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id AND h.deleted_at IS NULL
JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id AND r.deleted_at IS NULL
WHERE i.paid_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;
