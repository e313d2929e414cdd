-- Inserts come in bulk too (imports, generated seasons): one upsert per summary row of the statement.
CREATE OR REPLACE FUNCTION registrant_duplicate_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  INSERT INTO registrant_duplicate_counts AS t (tenant_id, user_id, duplicate_key, school_id, registrants)
  SELECT tenant_id, user_id, duplicate_key, school_id, count(*)
  FROM new_rows
  WHERE deleted_at IS NULL
  GROUP BY tenant_id, user_id, duplicate_key, school_id
  ORDER BY tenant_id, user_id, duplicate_key, school_id
  ON CONFLICT (tenant_id, user_id, duplicate_key, school_id)
  DO UPDATE SET registrants = t.registrants + excluded.registrants;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS registrant_duplicate_counts_insert ON registrants;
CREATE TRIGGER registrant_duplicate_counts_insert AFTER INSERT ON registrants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION registrant_duplicate_counts_inserted();
