-- requires: report_add_registrant_row, report_has_paid_bill, report_has_paid_bill_except, report_has_score, report_has_score_except, report_live_registrant

-- One registrant's flag after a statement changed the rows `changed_ids` of it; `old_counts` says whether one of
-- their old versions counted for the flag.
CREATE OR REPLACE FUNCTION report_settle_flag(tenant integer, registrant integer, flag text, changed_ids integer[],
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
