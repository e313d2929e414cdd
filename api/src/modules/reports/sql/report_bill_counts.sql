-- requires: report_bill_counts_by_state

-- Whether a bill of registrant r counts in the money figures.
CREATE OR REPLACE FUNCTION report_bill_counts(r registrants, state text, at_graduation boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT NOT report_bill_counts_by_state(r, at_graduation) OR state = 'paid' $$;
