-- requires: registrant_list_count_add

-- Updates and deletes come one registrant at a time (a state change, a move, an archive).
CREATE OR REPLACE FUNCTION registrant_list_counts_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.school_id, OLD.school_year_id, OLD.school_period_id,
      OLD.mst_class_id, OLD.status, OLD.is_submit, OLD.is_test, OLD.is_internal, OLD.is_accepted,
      OLD.deleted_at IS NULL) IS NOT DISTINCT FROM (NEW.tenant_id, NEW.school_id, NEW.school_year_id,
      NEW.school_period_id, NEW.mst_class_id, NEW.status, NEW.is_submit, NEW.is_test, NEW.is_internal,
      NEW.is_accepted, NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM registrant_list_count_add(OLD, -1);
  IF TG_OP = 'UPDATE' THEN PERFORM registrant_list_count_add(NEW, 1); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS registrant_list_counts ON registrants;
CREATE TRIGGER registrant_list_counts AFTER DELETE OR UPDATE ON registrants
  FOR EACH ROW
  EXECUTE FUNCTION registrant_list_counts_changed();
