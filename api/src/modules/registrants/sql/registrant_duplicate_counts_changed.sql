-- requires: registrant_duplicate_count_add

-- Updates and deletes come one registrant at a time (an edit of the name or birth date, a move, an archive).
CREATE OR REPLACE FUNCTION registrant_duplicate_counts_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.user_id, OLD.duplicate_key, OLD.school_id, OLD.deleted_at IS NULL)
      IS NOT DISTINCT FROM (NEW.tenant_id, NEW.user_id, NEW.duplicate_key, NEW.school_id, NEW.deleted_at IS NULL)
  THEN
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL THEN PERFORM registrant_duplicate_count_add(OLD, -1); END IF;
  IF TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL THEN PERFORM registrant_duplicate_count_add(NEW, 1); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS registrant_duplicate_counts ON registrants;
CREATE TRIGGER registrant_duplicate_counts AFTER DELETE OR UPDATE ON registrants
  FOR EACH ROW
  EXECUTE FUNCTION registrant_duplicate_counts_changed();
