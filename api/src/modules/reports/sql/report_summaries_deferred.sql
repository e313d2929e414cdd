-- Whether this transaction's summary triggers stand aside: a bulk load (as the owner) sets `app.report_summaries`
-- to 'deferred' locally and calls report_rebuild_summaries for the tenant before it commits. The app's runtime
-- role (psb_app) always keeps the sums, whatever it sets.
CREATE OR REPLACE FUNCTION report_summaries_deferred() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.report_summaries', true) = 'deferred', false) AND current_user <> 'psb_app' $$;
