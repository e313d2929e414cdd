-- The payment channels a parent may pay through (virtual accounts of these banks, or QRIS).
CREATE OR REPLACE FUNCTION payment_channels_valid(channels text[]) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT cardinality(channels) > 0
       AND channels <@ ARRAY['bca', 'bni', 'bri', 'cimb', 'permata', 'mandiri', 'qris']::text[] $$;
