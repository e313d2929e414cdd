-- Whether this transaction's summary triggers stand aside (see above).
CREATE OR REPLACE FUNCTION report_summaries_deferred() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.report_summaries', true) = 'deferred', false) AND current_user <> 'psb_app' $$;
