-- 0170: the dashboard's running sums (0080, 0140) rebuilt for one tenant by one function, so a bulk load can
-- write hundreds of thousands of rows without the per-row triggers and then set the sums exactly once.
--
-- * report_rebuild_summaries(tenant): drops the tenant's summary rows and computes them from its registrants,
--   bills, installments and test sittings, by the same rules the triggers follow (live registrants count
--   themselves with their live bills and payments; a gone registrant counts only its paid bills and their
--   payments). This migration runs it for every tenant: it is the one backfill, the sums the triggers keep
--   from here on start from it.
-- * The summary triggers stand aside in a transaction that set `app.report_summaries` to 'deferred' (locally),
--   and only for the owner: the app's runtime role (psb_app) always keeps the sums, whatever it sets. The one
--   that defers must call report_rebuild_summaries for the tenant before it commits.

-- It reads every row of the tenant, so hash joins are right; fresh from a bulk load the statistics still say
-- the tables are empty, and a nested loop over 100,000 registrants never ends.
CREATE FUNCTION report_rebuild_summaries(tenant integer) RETURNS void
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
  WHERE h.tenant_id = tenant AND h.deleted_at IS NULL AND report_bill_counts(r, h.state)
  GROUP BY 1, 2, 3, 4, 5, 6, 7;

  INSERT INTO report_payment_days (tenant_id, school_id, school_year_id, school_period_id, mst_type_payment_id,
    day, payments, amount)
  SELECT h.tenant_id, h.school_id, r.school_year_id, r.school_period_id, h.mst_type_payment_id,
    report_wib_day(i.paid_at), count(*), sum(i.amount)
  FROM registrant_installment_payments i
  JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id AND h.deleted_at IS NULL
  JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
  WHERE i.tenant_id = tenant AND i.paid_at IS NOT NULL AND report_bill_counts(r, h.state)
  GROUP BY 1, 2, 3, 4, 5, 6;
END $$;

-- Whether this transaction's summary triggers stand aside (see above).
CREATE FUNCTION report_summaries_deferred() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.report_summaries', true) = 'deferred', false) AND current_user <> 'psb_app' $$;

DROP TRIGGER report_summaries ON registrants;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE OR DELETE ON registrants
  FOR EACH ROW WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_registrants_changed();
DROP TRIGGER report_summaries ON registrant_header_payments;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE ON registrant_header_payments
  FOR EACH ROW WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_bills_changed();
DROP TRIGGER report_summaries_delete ON registrant_header_payments;
CREATE TRIGGER report_summaries_delete BEFORE DELETE ON registrant_header_payments
  FOR EACH ROW WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_bills_changed();
DROP TRIGGER report_summaries ON registrant_installment_payments;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE OR DELETE ON registrant_installment_payments
  FOR EACH ROW WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_installments_changed();
DROP TRIGGER report_summaries ON registrant_tests;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE OR DELETE ON registrant_tests
  FOR EACH ROW WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_sittings_changed();

SELECT report_rebuild_summaries(id) FROM tenants;
