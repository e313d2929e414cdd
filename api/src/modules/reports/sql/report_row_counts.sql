-- Whether a bill (flag 'paid') or a sitting ('tested') version, as JSON, counts for the flag.
CREATE OR REPLACE FUNCTION report_row_counts(flag text, r jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT r->>'deleted_at' IS NULL AND CASE flag WHEN 'paid' THEN r->>'state' = 'paid'
    ELSE r->>'scored_at' IS NOT NULL END $$;
