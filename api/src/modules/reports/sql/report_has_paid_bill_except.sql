-- Whether a registrant has a live bill paid in full / a scored live sitting among the rows not in `except_ids`.
CREATE OR REPLACE FUNCTION report_has_paid_bill_except(tenant integer, registrant integer, except_ids integer[])
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_header_payments h WHERE h.tenant_id = tenant
    AND h.registrant_id = registrant AND h.deleted_at IS NULL AND h.state = 'paid' AND h.id <> ALL (except_ids)) $$;
