-- requires: raise_list_version

-- TG_ARGV[0] is the list.
CREATE OR REPLACE FUNCTION list_row_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM raise_list_version(OLD.tenant_id, TG_ARGV[0]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM raise_list_version(NEW.tenant_id, TG_ARGV[0]); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS configs_announcements_version ON configs;
CREATE CONSTRAINT TRIGGER configs_announcements_version AFTER INSERT OR DELETE ON configs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('announcements');
DROP TRIGGER IF EXISTS configs_announcements_version_update ON configs;
CREATE CONSTRAINT TRIGGER configs_announcements_version_update AFTER UPDATE ON configs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.value IS DISTINCT FROM new.value)
  EXECUTE FUNCTION list_row_changed('announcements');
DROP TRIGGER IF EXISTS mst_accepted_statuses_results_version ON mst_accepted_statuses;
CREATE CONSTRAINT TRIGGER mst_accepted_statuses_results_version AFTER INSERT OR DELETE ON mst_accepted_statuses
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS mst_accepted_statuses_results_version_update ON mst_accepted_statuses;
CREATE CONSTRAINT TRIGGER mst_accepted_statuses_results_version_update AFTER UPDATE ON mst_accepted_statuses
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (true)
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS mst_classes_registrants_version ON mst_classes;
CREATE CONSTRAINT TRIGGER mst_classes_registrants_version AFTER INSERT OR DELETE ON mst_classes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS mst_classes_registrants_version_update ON mst_classes;
CREATE CONSTRAINT TRIGGER mst_classes_registrants_version_update AFTER UPDATE ON mst_classes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS mst_type_payments_results_version ON mst_type_payments;
CREATE CONSTRAINT TRIGGER mst_type_payments_results_version AFTER INSERT OR DELETE ON mst_type_payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS mst_type_payments_results_version_update ON mst_type_payments;
CREATE CONSTRAINT TRIGGER mst_type_payments_results_version_update AFTER UPDATE ON mst_type_payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS document_requirements_registrants_version ON document_requirements;
CREATE CONSTRAINT TRIGGER document_requirements_registrants_version AFTER INSERT OR DELETE ON document_requirements
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrant_document_versions_registrants_version ON registrant_document_versions;
CREATE CONSTRAINT TRIGGER registrant_document_versions_registrants_version AFTER INSERT OR DELETE ON registrant_document_versions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrant_document_versions_registrants_version_update ON registrant_document_versions;
CREATE CONSTRAINT TRIGGER registrant_document_versions_registrants_version_update AFTER UPDATE ON registrant_document_versions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.state IS DISTINCT FROM new.state OR old.is_current IS DISTINCT FROM new.is_current)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrant_header_payments_registrants_version ON registrant_header_payments;
CREATE CONSTRAINT TRIGGER registrant_header_payments_registrants_version AFTER INSERT OR DELETE ON registrant_header_payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrant_header_payments_registrants_version_update ON registrant_header_payments;
CREATE CONSTRAINT TRIGGER registrant_header_payments_registrants_version_update AFTER UPDATE ON registrant_header_payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.registrant_id IS DISTINCT FROM new.registrant_id OR old.state IS DISTINCT FROM new.state OR old.deleted_at IS DISTINCT FROM new.deleted_at)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrant_header_payments_results_version ON registrant_header_payments;
CREATE CONSTRAINT TRIGGER registrant_header_payments_results_version AFTER INSERT OR DELETE ON registrant_header_payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS registrant_header_payments_results_version_update ON registrant_header_payments;
CREATE CONSTRAINT TRIGGER registrant_header_payments_results_version_update AFTER UPDATE ON registrant_header_payments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (true)
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS registrants_registrants_version ON registrants;
CREATE CONSTRAINT TRIGGER registrants_registrants_version AFTER INSERT OR DELETE ON registrants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrants_registrants_version_update ON registrants;
CREATE CONSTRAINT TRIGGER registrants_registrants_version_update AFTER UPDATE ON registrants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.registration_number IS DISTINCT FROM new.registration_number OR old.name IS DISTINCT FROM new.name OR old.school_id IS DISTINCT FROM new.school_id OR old.school_year_id IS DISTINCT FROM new.school_year_id OR old.school_period_id IS DISTINCT FROM new.school_period_id OR old.mst_class_id IS DISTINCT FROM new.mst_class_id OR old.status IS DISTINCT FROM new.status OR old.is_submit IS DISTINCT FROM new.is_submit OR old.is_test IS DISTINCT FROM new.is_test OR old.is_accepted IS DISTINCT FROM new.is_accepted OR old.is_internal IS DISTINCT FROM new.is_internal OR old.created_at IS DISTINCT FROM new.created_at OR old.submitted_at IS DISTINCT FROM new.submitted_at OR old.deleted_at IS DISTINCT FROM new.deleted_at OR old.user_id IS DISTINCT FROM new.user_id OR old.duplicate_key IS DISTINCT FROM new.duplicate_key)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS registrants_results_version ON registrants;
CREATE CONSTRAINT TRIGGER registrants_results_version AFTER INSERT OR DELETE ON registrants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS registrants_results_version_update ON registrants;
CREATE CONSTRAINT TRIGGER registrants_results_version_update AFTER UPDATE ON registrants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (true)
  EXECUTE FUNCTION list_row_changed('results');
DROP TRIGGER IF EXISTS school_periods_registrants_version ON school_periods;
CREATE CONSTRAINT TRIGGER school_periods_registrants_version AFTER INSERT OR DELETE ON school_periods
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS school_periods_registrants_version_update ON school_periods;
CREATE CONSTRAINT TRIGGER school_periods_registrants_version_update AFTER UPDATE ON school_periods
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS school_years_registrants_version ON school_years;
CREATE CONSTRAINT TRIGGER school_years_registrants_version AFTER INSERT OR DELETE ON school_years
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS school_years_registrants_version_update ON school_years;
CREATE CONSTRAINT TRIGGER school_years_registrants_version_update AFTER UPDATE ON school_years
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS schools_registrants_version ON schools;
CREATE CONSTRAINT TRIGGER schools_registrants_version AFTER INSERT OR DELETE ON schools
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS schools_registrants_version_update ON schools;
CREATE CONSTRAINT TRIGGER schools_registrants_version_update AFTER UPDATE ON schools
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS users_registrants_version ON users;
CREATE CONSTRAINT TRIGGER users_registrants_version AFTER INSERT OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION list_row_changed('registrants');
DROP TRIGGER IF EXISTS users_registrants_version_update ON users;
CREATE CONSTRAINT TRIGGER users_registrants_version_update AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name OR old.email IS DISTINCT FROM new.email OR old.phone_number IS DISTINCT FROM new.phone_number)
  EXECUTE FUNCTION list_row_changed('registrants');
