-- requires: payment_notification_fast

-- Many notifications of one tenant in one statement (one transaction, one commit), applied in the order given;
-- the caller sorts them by order id so two batches lock shared charges in the same order.
CREATE OR REPLACE FUNCTION payment_notifications_fast(
  p_tenant integer,
  p_order_ids text[],
  p_statuses text[],
  p_status_codes text[],
  p_gross_texts text[],
  p_gross bigint[],
  p_bodies jsonb[],
  p_transaction_ids text[],
  p_va_numbers text[],
  p_bill_keys text[],
  p_biller_codes text[],
  p_qr_strings text[],
  p_expires_at timestamptz[],
  p_settled_at timestamptz[],
  p_texts text[]
) RETURNS TABLE (item integer, outcome text, registrant_id integer)
  LANGUAGE plpgsql AS $$
BEGIN
  FOR k IN 1 .. coalesce(array_length(p_order_ids, 1), 0) LOOP
    RETURN QUERY
      SELECT k, f.outcome, f.registrant_id
      FROM payment_notification_fast(p_tenant, p_order_ids[k], p_statuses[k], p_status_codes[k], p_gross_texts[k],
        p_gross[k], p_bodies[k], p_transaction_ids[k], p_va_numbers[k], p_bill_keys[k], p_biller_codes[k],
        p_qr_strings[k], p_expires_at[k], p_settled_at[k], p_texts) f;
  END LOOP;
END $$;
