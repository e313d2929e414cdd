-- Rupiah as the product writes it (formatRupiah in the contracts package): `Rp. 1.250.000`.
CREATE OR REPLACE FUNCTION rupiah_text(amount bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN amount < 0 THEN '-' ELSE '' END || 'Rp. '
               || regexp_replace(abs(amount)::text, '(\d)(?=(\d{3})+$)', '\1.', 'g') $$;
