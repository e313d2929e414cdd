-- Whether a registrant has a live bill paid in full / a scored live sitting, leaving one row out (the row a
-- trigger is changing; its old and new versions are judged by the caller).
CREATE OR REPLACE FUNCTION report_has_paid_bill(tenant integer, registrant integer, except_id integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT EXISTS (SELECT 1 FROM registrant_header_payments h WHERE h.tenant_id = tenant
    AND h.registrant_id = registrant AND h.deleted_at IS NULL AND h.state = 'paid' AND h.id IS DISTINCT FROM except_id) $$;
