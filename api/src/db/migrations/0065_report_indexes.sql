-- 0065: what the dashboard and the accounting journal read by date. Installments paid per day (the dashboard's
-- daily payments, the journal's date range) without scanning every installment of the tenant.
CREATE INDEX registrant_installment_payments_paid_idx ON registrant_installment_payments (tenant_id, paid_at)
  WHERE paid_at IS NOT NULL;
