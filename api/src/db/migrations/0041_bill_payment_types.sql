-- 0041: a bill names its payment type (the fee setup's table arrived beside the bills in 0033).
ALTER TABLE registrant_header_payments
  ADD FOREIGN KEY (tenant_id, mst_type_payment_id) REFERENCES mst_type_payments (tenant_id, id);
ALTER TABLE registrant_detail_payments
  ADD FOREIGN KEY (tenant_id, mst_payment_id) REFERENCES mst_payments (tenant_id, id),
  ADD FOREIGN KEY (tenant_id, mst_additional_payment_id) REFERENCES mst_additional_payments (tenant_id, id);
CREATE INDEX registrant_detail_payments_payment_idx ON registrant_detail_payments (tenant_id, mst_payment_id);
CREATE INDEX registrant_detail_payments_additional_idx ON registrant_detail_payments (tenant_id, mst_additional_payment_id);
