-- Inserts come in bulk too (imports, generated seasons): counted per statement, one upsert per summary row, so
-- thousands of new registrants do not update one summary row thousands of times in their transaction (each
-- update then walks every earlier version of the row). In key order, so concurrent inserts lock the summary
-- rows they share in the same order.
CREATE OR REPLACE FUNCTION registrant_list_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  INSERT INTO registrant_list_counts AS t (tenant_id, school_id, school_year_id, school_period_id, mst_class_id,
    status, is_submit, is_test, is_internal, is_accepted, archived, registrants)
  SELECT tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, deleted_at IS NOT NULL, count(*)
  FROM new_rows
  GROUP BY tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, deleted_at IS NOT NULL
  ORDER BY tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, deleted_at IS NOT NULL
  ON CONFLICT (tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, archived)
  DO UPDATE SET registrants = t.registrants + excluded.registrants;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS registrant_list_counts_insert ON registrants;
CREATE TRIGGER registrant_list_counts_insert AFTER INSERT ON registrants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION registrant_list_counts_inserted();
