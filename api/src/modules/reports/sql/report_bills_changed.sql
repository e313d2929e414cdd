-- requires: report_add_bill, report_summaries_deferred

-- A bill's row moves its sums in the bill days (and its payments' days when it moves or goes); the
-- registrant's "paid" flag is report_flags_changed's.
CREATE OR REPLACE FUNCTION report_bills_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  moved boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_add_bill(OLD, -1, true);
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
  ELSE
    PERFORM report_add_bill(NEW, 1, true);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS report_summaries ON registrant_header_payments;
CREATE TRIGGER report_summaries AFTER INSERT OR UPDATE ON registrant_header_payments
  FOR EACH ROW WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_bills_changed();
DROP TRIGGER IF EXISTS report_summaries_delete ON registrant_header_payments;
CREATE TRIGGER report_summaries_delete BEFORE DELETE ON registrant_header_payments
  FOR EACH ROW WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_bills_changed();
