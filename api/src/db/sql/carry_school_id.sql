-- BEFORE INSERT OR UPDATE OF <fk>, school_id on a child: TG_ARGV = (fk column, parent table).
CREATE OR REPLACE FUNCTION carry_school_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_id integer := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
  seen integer;
BEGIN
  IF parent_id IS NULL THEN
    NEW.school_id := NULL;
    RETURN NEW;
  END IF;
  EXECUTE format('SELECT school_id FROM %s WHERE tenant_id = $1 AND id = $2', TG_ARGV[1]::regclass)
    INTO NEW.school_id USING NEW.tenant_id, parent_id;
  GET DIAGNOSTICS seen = ROW_COUNT;
  IF seen = 0 THEN
    -- The parent exists (the foreign key says so) but lies outside the caller's schools.
    RAISE EXCEPTION 'new row violates row-level security policy "school_scope" for table "%"', TG_TABLE_NAME
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS carry_school_id ON appointment_slots;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF school_period_id, school_id ON appointment_slots
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('school_period_id', 'school_periods');
DROP TRIGGER IF EXISTS carry_school_id ON class_periods;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF school_period_id, school_id ON class_periods
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('school_period_id', 'school_periods');
DROP TRIGGER IF EXISTS carry_school_id ON consents;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON consents
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON mst_classes;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF mst_grade_id, school_id ON mst_classes
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('mst_grade_id', 'mst_grades');
DROP TRIGGER IF EXISTS carry_school_id ON mst_test_detail_subjects;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF mst_test_detail_id, school_id ON mst_test_detail_subjects
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('mst_test_detail_id', 'mst_test_details');
DROP TRIGGER IF EXISTS carry_school_id ON mst_test_details;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF school_period_id, school_id ON mst_test_details
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('school_period_id', 'school_periods');
DROP TRIGGER IF EXISTS carry_school_id ON notification_attempts;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF notification_id, school_id ON notification_attempts
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('notification_id', 'notifications');
DROP TRIGGER IF EXISTS carry_school_id ON privacy_requests;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON privacy_requests
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON registrant_bimbingan_konseling;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON registrant_bimbingan_konseling
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON registrant_document_versions;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON registrant_document_versions
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON registrant_health_data;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON registrant_health_data
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON registrant_status_history;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON registrant_status_history
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON registrant_subject_scores;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON registrant_subject_scores
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON registrant_test_scores;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_test_id, school_id ON registrant_test_scores
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_test_id', 'registrant_tests');
DROP TRIGGER IF EXISTS carry_school_id ON schedule_tests;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF school_period_id, school_id ON schedule_tests
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('school_period_id', 'school_periods');
DROP TRIGGER IF EXISTS carry_school_id ON school_payments;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF school_period_id, school_id ON school_payments
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('school_period_id', 'school_periods');
DROP TRIGGER IF EXISTS carry_school_id ON sensitive_views;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF registrant_id, school_id ON sensitive_views
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('registrant_id', 'registrants');
DROP TRIGGER IF EXISTS carry_school_id ON setup_payments;
CREATE TRIGGER carry_school_id BEFORE INSERT OR UPDATE OF school_period_id, school_id ON setup_payments
  FOR EACH ROW
  EXECUTE FUNCTION carry_school_id('school_period_id', 'school_periods');
