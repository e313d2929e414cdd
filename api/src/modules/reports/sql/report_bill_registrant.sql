-- The registrant of a bill or installment, live or not, locked against a concurrent change of the same sums.
CREATE OR REPLACE FUNCTION report_bill_registrant(tenant integer, registrant integer) RETURNS registrants
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ SELECT r.* FROM registrants r WHERE r.tenant_id = tenant AND r.id = registrant FOR NO KEY UPDATE $$;
