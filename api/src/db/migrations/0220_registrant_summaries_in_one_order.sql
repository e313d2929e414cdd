-- 0220: every write of registrants updates their running summaries in one order — duplicate counts, list
-- counts, then the reports' days — so concurrent registrations and state changes of the same class and day
-- cannot each hold a summary row the other waits for (they deadlocked, and a parent's registration failed).
--
-- Updates and deletes already ran in that order: row triggers fire in name order (registrant_duplicate_counts,
-- registrant_list_counts, report_summaries). Inserts counted the reports per row, and row triggers fire before
-- statement triggers, so the reports came first and the other two (per statement) after. Now the reports of
-- an insert are counted per statement too, by a trigger whose name sorts after the other two (statement
-- triggers also fire in name order), over the statement's rows in the reports' key order.

DROP TRIGGER report_summaries ON registrants;
CREATE TRIGGER report_summaries AFTER UPDATE OR DELETE ON registrants
  FOR EACH ROW WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_registrants_changed();

CREATE FUNCTION report_registrants_inserted() RETURNS trigger
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
CREATE TRIGGER report_summaries_insert AFTER INSERT ON registrants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_registrants_inserted();
