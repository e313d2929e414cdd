-- requires: report_add_installment, report_summaries_deferred

-- An installment paid, unpaid or changed moves its payment days.
CREATE OR REPLACE FUNCTION report_installments_changed() RETURNS trigger
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

DROP TRIGGER IF EXISTS report_summaries ON registrant_installment_payments;
CREATE TRIGGER report_summaries AFTER INSERT OR DELETE OR UPDATE ON registrant_installment_payments
  FOR EACH ROW WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_installments_changed();
