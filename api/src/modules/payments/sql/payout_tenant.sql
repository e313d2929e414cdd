-- Iris' notification names only the reference number; this finds whose payout it is (nothing else is read).
-- Runs as its owner, which the tenant policy does not bind.
CREATE OR REPLACE FUNCTION payout_tenant(ref text) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT tenant_id FROM payouts WHERE reference_no = ref $$;
