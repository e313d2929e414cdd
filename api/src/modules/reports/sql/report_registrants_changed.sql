-- requires: report_add_registrant, report_summaries_deferred

-- A registrant updated or deleted moves its sums (only when something the sums are keyed by changed).
CREATE OR REPLACE FUNCTION report_registrants_changed() RETURNS trigger
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

DROP TRIGGER IF EXISTS report_summaries ON registrants;
CREATE TRIGGER report_summaries AFTER DELETE OR UPDATE ON registrants
  FOR EACH ROW WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_registrants_changed();
