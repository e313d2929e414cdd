-- Whether a registrant's bill counts only by its state (paid in full): the registrant left the season, or the
-- bill waits for an acceptance the registrant does not have. `is_accepted` follows the registrant's state, so
-- the registrant triggers (which watch the state) move the bills along when a result is published.
CREATE OR REPLACE FUNCTION report_bill_counts_by_state(r registrants, at_graduation boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT r.deleted_at IS NOT NULL OR (at_graduation AND r.is_accepted IS NOT TRUE) $$;
