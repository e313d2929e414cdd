-- requires: report_add_registrant, report_summaries_deferred

-- The registrants of an insert statement counted per statement, in the sums' key order, after the duplicate
-- and list counts (see trigger-order.ts): concurrent registrations take the summary rows in one order.
CREATE OR REPLACE FUNCTION report_registrants_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  r registrants;
BEGIN
  FOR r IN SELECT * FROM new_rows
    ORDER BY tenant_id, school_year_id, school_period_id, school_id, mst_class_id, status, created_at, id
  LOOP
    PERFORM report_add_registrant(r, 1);
  END LOOP;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS report_summaries_insert ON registrants;
CREATE TRIGGER report_summaries_insert AFTER INSERT ON registrants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_registrants_inserted();
