-- requires: report_row_counts, report_settle_flag, report_summaries_deferred

-- The statement's changed bills or sittings per registrant. A trigger sees only the transition tables of its own
-- event, so each event reads its own: an insert its new rows, a delete the old versions, an update the rows whose
-- state for the flag changed (a row never moves to another registrant); an old version counted when it was live
-- and paid / scored.
CREATE OR REPLACE FUNCTION report_flags_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  flag text := CASE TG_TABLE_NAME WHEN 'registrant_tests' THEN 'tested' ELSE 'paid' END;
  c record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR c IN SELECT n.tenant_id, n.registrant_id, array_agg(n.id) AS ids FROM changed_new n
      GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      PERFORM report_settle_flag(c.tenant_id, c.registrant_id, flag, c.ids, false);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the rows whose live-and-paid / scored state changed: the others cannot move the flag, and skipping
    -- them spares the registrant lock on every unrelated edit of a bill or a sitting.
    FOR c IN SELECT o.tenant_id, o.registrant_id, array_agg(o.id) AS ids,
        bool_or(report_row_counts(flag, to_jsonb(o))) AS counted
      FROM changed_old o JOIN changed_new n ON n.tenant_id = o.tenant_id AND n.id = o.id
      WHERE report_row_counts(flag, to_jsonb(o)) <> report_row_counts(flag, to_jsonb(n))
      GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      PERFORM report_settle_flag(c.tenant_id, c.registrant_id, flag, c.ids, c.counted);
    END LOOP;
  ELSE
    FOR c IN SELECT o.tenant_id, o.registrant_id, array_agg(o.id) AS ids,
        bool_or(report_row_counts(flag, to_jsonb(o))) AS counted FROM changed_old o
      GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      PERFORM report_settle_flag(c.tenant_id, c.registrant_id, flag, c.ids, c.counted);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS report_flags_delete ON registrant_header_payments;
CREATE TRIGGER report_flags_delete AFTER DELETE ON registrant_header_payments
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_flags_changed();
DROP TRIGGER IF EXISTS report_flags_insert ON registrant_header_payments;
CREATE TRIGGER report_flags_insert AFTER INSERT ON registrant_header_payments
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_flags_changed();
DROP TRIGGER IF EXISTS report_flags_update ON registrant_header_payments;
CREATE TRIGGER report_flags_update AFTER UPDATE ON registrant_header_payments
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_flags_changed();
DROP TRIGGER IF EXISTS report_flags_delete ON registrant_tests;
CREATE TRIGGER report_flags_delete AFTER DELETE ON registrant_tests
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_flags_changed();
DROP TRIGGER IF EXISTS report_flags_insert ON registrant_tests;
CREATE TRIGGER report_flags_insert AFTER INSERT ON registrant_tests
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_flags_changed();
DROP TRIGGER IF EXISTS report_flags_update ON registrant_tests;
CREATE TRIGGER report_flags_update AFTER UPDATE ON registrant_tests
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred())
  EXECUTE FUNCTION report_flags_changed();
