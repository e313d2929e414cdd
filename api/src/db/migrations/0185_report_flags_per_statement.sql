-- 0185: a registrant's paid / tested flag in the dashboard sums is moved once per statement, not once per row.
--
-- The row triggers asked "does another row already make the registrant paid / tested?" to decide whether the
-- changed row moves the flag. An AFTER row trigger runs when its whole statement is done, so when one
-- statement wrote two paid bills (or two scored sittings) of one registrant, each row saw the other and
-- neither moved the flag: the registrant stayed counted as not paid.
--
-- Now a statement-level trigger per event reads the statement's changed rows (its transition tables) and, for
-- each registrant they belong to, compares the flag before the statement (the rows it did not touch plus the
-- old versions of those it did) with the flag after it (every row now). The registrant is locked
-- (FOR NO KEY UPDATE, in id order) before the rows are read, as before, so concurrent transactions that change
-- the same registrant's bills or sittings move its flag one after the other, each seeing the other's commit.
-- The bill row triggers keep the bill and payment sums; they no longer touch the flag.

-- Whether a registrant has a live bill paid in full / a scored live sitting among the rows not in `except_ids`.
CREATE FUNCTION report_has_paid_bill_except(tenant integer, registrant integer, except_ids integer[])
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_header_payments h WHERE h.tenant_id = tenant
    AND h.registrant_id = registrant AND h.deleted_at IS NULL AND h.state = 'paid' AND h.id <> ALL (except_ids)) $$;

CREATE FUNCTION report_has_score_except(tenant integer, registrant integer, except_ids integer[]) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_tests t WHERE t.tenant_id = tenant AND t.registrant_id = registrant
    AND t.deleted_at IS NULL AND t.scored_at IS NOT NULL AND t.id <> ALL (except_ids)) $$;

-- One registrant's flag after a statement changed the rows `changed_ids` of it; `old_counts` says whether one of
-- their old versions counted for the flag.
CREATE FUNCTION report_settle_flag(tenant integer, registrant integer, flag text, changed_ids integer[],
  old_counts boolean) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  r registrants := report_live_registrant(tenant, registrant);
  was boolean;
  now_counts boolean;
  other_flag boolean;
BEGIN
  IF r.id IS NULL THEN RETURN; END IF;
  IF flag = 'paid' THEN
    was := old_counts OR report_has_paid_bill_except(tenant, registrant, changed_ids);
    now_counts := report_has_paid_bill(tenant, registrant, NULL);
    other_flag := report_has_score(tenant, registrant, NULL);
  ELSE
    was := old_counts OR report_has_score_except(tenant, registrant, changed_ids);
    now_counts := report_has_score(tenant, registrant, NULL);
    other_flag := report_has_paid_bill(tenant, registrant, NULL);
  END IF;
  IF was = now_counts THEN RETURN; END IF;
  IF flag = 'paid' THEN
    PERFORM report_add_registrant_row(r, was, other_flag, -1);
    PERFORM report_add_registrant_row(r, now_counts, other_flag, 1);
  ELSE
    PERFORM report_add_registrant_row(r, other_flag, was, -1);
    PERFORM report_add_registrant_row(r, other_flag, now_counts, 1);
  END IF;
END $$;

-- The statement's changed bills or sittings per registrant. A trigger sees only the transition tables of its own
-- event, so each event reads its own: an insert its new rows, a delete the old versions, an update the rows whose
-- state for the flag changed (a row never moves to another registrant); an old version counted when it was live
-- and paid / scored.
CREATE FUNCTION report_flags_changed() RETURNS trigger
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

-- Whether a bill (flag 'paid') or a sitting ('tested') version, as JSON, counts for the flag.
CREATE FUNCTION report_row_counts(flag text, r jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT r->>'deleted_at' IS NULL AND CASE flag WHEN 'paid' THEN r->>'state' = 'paid'
    ELSE r->>'scored_at' IS NOT NULL END $$;

-- The bill row triggers without the flag (same sums as before otherwise).
CREATE OR REPLACE FUNCTION report_bills_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  moved boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM report_add_bill(OLD, -1, true);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.state, OLD.total_amount, OLD.paid_amount, OLD.school_id, OLD.mst_type_payment_id, OLD.created_at,
        OLD.deleted_at) IS NOT DISTINCT FROM (NEW.state, NEW.total_amount, NEW.paid_amount, NEW.school_id,
        NEW.mst_type_payment_id, NEW.created_at, NEW.deleted_at) THEN
      RETURN NULL;
    END IF;
    moved := (OLD.school_id, OLD.mst_type_payment_id, OLD.deleted_at)
      IS DISTINCT FROM (NEW.school_id, NEW.mst_type_payment_id, NEW.deleted_at);
    PERFORM report_add_bill(OLD, -1, moved);
    PERFORM report_add_bill(NEW, 1, moved);
  ELSE
    PERFORM report_add_bill(NEW, 1, true);
  END IF;
  RETURN NULL;
END $$;

-- A transition table belongs to a trigger of one event, hence three triggers per table.
CREATE TRIGGER report_flags_insert AFTER INSERT ON registrant_header_payments
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_flags_changed();
CREATE TRIGGER report_flags_update AFTER UPDATE ON registrant_header_payments
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_flags_changed();
CREATE TRIGGER report_flags_delete AFTER DELETE ON registrant_header_payments
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_flags_changed();

DROP TRIGGER report_summaries ON registrant_tests;
DROP FUNCTION report_sittings_changed();
CREATE TRIGGER report_flags_insert AFTER INSERT ON registrant_tests
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_flags_changed();
CREATE TRIGGER report_flags_update AFTER UPDATE ON registrant_tests
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_flags_changed();
CREATE TRIGGER report_flags_delete AFTER DELETE ON registrant_tests
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT WHEN (NOT report_summaries_deferred()) EXECUTE FUNCTION report_flags_changed();

DROP FUNCTION report_move_flag(integer, integer, text, integer, boolean, boolean);
