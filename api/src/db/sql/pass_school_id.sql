-- AFTER UPDATE OF school_id on a parent: TG_ARGV = (the child's fk column, child table).
CREATE OR REPLACE FUNCTION pass_school_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %s SET school_id = $1 WHERE tenant_id = $2 AND %I = $3 AND school_id IS DISTINCT FROM $1',
    TG_ARGV[1]::regclass, TG_ARGV[0]) USING NEW.school_id, NEW.tenant_id, NEW.id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS pass_school_id_mst_classes ON mst_grades;
CREATE TRIGGER pass_school_id_mst_classes AFTER UPDATE OF school_id ON mst_grades
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('mst_grade_id', 'mst_classes');
DROP TRIGGER IF EXISTS pass_school_id_mst_test_detail_subjects ON mst_test_details;
CREATE TRIGGER pass_school_id_mst_test_detail_subjects AFTER UPDATE OF school_id ON mst_test_details
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('mst_test_detail_id', 'mst_test_detail_subjects');
DROP TRIGGER IF EXISTS pass_school_id_notification_attempts ON notifications;
CREATE TRIGGER pass_school_id_notification_attempts AFTER UPDATE OF school_id ON notifications
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('notification_id', 'notification_attempts');
DROP TRIGGER IF EXISTS pass_school_id_registrant_test_scores ON registrant_tests;
CREATE TRIGGER pass_school_id_registrant_test_scores AFTER UPDATE OF school_id ON registrant_tests
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_test_id', 'registrant_test_scores');
DROP TRIGGER IF EXISTS pass_school_id_consents ON registrants;
CREATE TRIGGER pass_school_id_consents AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'consents');
DROP TRIGGER IF EXISTS pass_school_id_privacy_requests ON registrants;
CREATE TRIGGER pass_school_id_privacy_requests AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'privacy_requests');
DROP TRIGGER IF EXISTS pass_school_id_registrant_bimbingan_konseling ON registrants;
CREATE TRIGGER pass_school_id_registrant_bimbingan_konseling AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'registrant_bimbingan_konseling');
DROP TRIGGER IF EXISTS pass_school_id_registrant_document_versions ON registrants;
CREATE TRIGGER pass_school_id_registrant_document_versions AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'registrant_document_versions');
DROP TRIGGER IF EXISTS pass_school_id_registrant_health_data ON registrants;
CREATE TRIGGER pass_school_id_registrant_health_data AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'registrant_health_data');
DROP TRIGGER IF EXISTS pass_school_id_registrant_status_history ON registrants;
CREATE TRIGGER pass_school_id_registrant_status_history AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'registrant_status_history');
DROP TRIGGER IF EXISTS pass_school_id_registrant_subject_scores ON registrants;
CREATE TRIGGER pass_school_id_registrant_subject_scores AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'registrant_subject_scores');
DROP TRIGGER IF EXISTS pass_school_id_appointment_slots ON school_periods;
CREATE TRIGGER pass_school_id_appointment_slots AFTER UPDATE OF school_id ON school_periods
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('school_period_id', 'appointment_slots');
DROP TRIGGER IF EXISTS pass_school_id_sensitive_views ON registrants;
CREATE TRIGGER pass_school_id_sensitive_views AFTER UPDATE OF school_id ON registrants
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('registrant_id', 'sensitive_views');
DROP TRIGGER IF EXISTS pass_school_id_class_periods ON school_periods;
CREATE TRIGGER pass_school_id_class_periods AFTER UPDATE OF school_id ON school_periods
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('school_period_id', 'class_periods');
DROP TRIGGER IF EXISTS pass_school_id_mst_test_details ON school_periods;
CREATE TRIGGER pass_school_id_mst_test_details AFTER UPDATE OF school_id ON school_periods
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('school_period_id', 'mst_test_details');
DROP TRIGGER IF EXISTS pass_school_id_schedule_tests ON school_periods;
CREATE TRIGGER pass_school_id_schedule_tests AFTER UPDATE OF school_id ON school_periods
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('school_period_id', 'schedule_tests');
DROP TRIGGER IF EXISTS pass_school_id_school_payments ON school_periods;
CREATE TRIGGER pass_school_id_school_payments AFTER UPDATE OF school_id ON school_periods
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('school_period_id', 'school_payments');
DROP TRIGGER IF EXISTS pass_school_id_setup_payments ON school_periods;
CREATE TRIGGER pass_school_id_setup_payments AFTER UPDATE OF school_id ON school_periods
  FOR EACH ROW WHEN (old.school_id IS DISTINCT FROM new.school_id)
  EXECUTE FUNCTION pass_school_id('school_period_id', 'setup_payments');
