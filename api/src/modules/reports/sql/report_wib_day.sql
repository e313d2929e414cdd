-- The calendar day in Western Indonesia (UTC+7) the sums are kept by.
CREATE OR REPLACE FUNCTION report_wib_day(t timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (t AT TIME ZONE 'Asia/Jakarta')::date $$;
