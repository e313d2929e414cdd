-- The staff list's commonest view (one period, one state, by name) walks this index in order and stops after
-- the page: the id settles equal names, as the list's ORDER BY does.
DROP INDEX IF EXISTS registrants_period_status_idx;
CREATE INDEX registrants_period_status_name_idx ON registrants (tenant_id, school_period_id, status, name, id)
  INCLUDE (school_id, is_internal) WHERE deleted_at IS NULL;
