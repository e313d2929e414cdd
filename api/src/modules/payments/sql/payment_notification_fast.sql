-- requires: rupiah_text

-- One notification (signature already checked by the caller). The charge row is locked first, so repeated
-- deliveries of one order queue here; the (order, status) record is then written, and a delivery that finds it
-- already written is a 'duplicate' and changes nothing. A settlement credits the installment, recounts the
-- bill, moves it with its history row and writes the parent's "paid" message into the outbox, all in this
-- statement's transaction. `texts` are the message templates of messages.ts (subject and body when paid in
-- full, then when paid in part) with {type}, {who}, {total} and {paid} to fill in.
-- Returns the outcome and, when a bill changed, its registrant (the caller announces the change).
CREATE OR REPLACE FUNCTION payment_notification_fast(
  p_tenant integer,
  p_order_id text,
  p_status text,
  p_status_code text,
  p_gross_text text,
  p_gross bigint,
  p_body jsonb,
  p_transaction_id text,
  p_va_number text,
  p_bill_key text,
  p_biller_code text,
  p_qr_string text,
  p_expires_at timestamptz,
  p_settled_at timestamptz,
  p_texts text[]
) RETURNS TABLE (outcome text, registrant_id integer)
  LANGUAGE plpgsql AS $$
DECLARE
  ch record;
  bill record;
  inst record;
  v_outcome text;
  v_paid bigint;
  v_open integer;
  v_to text;
BEGIN
  IF p_status NOT IN ('pending', 'settlement') THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::integer;
    RETURN;
  END IF;
  SELECT c.id, c.status, c.installment_id, c.header_id, c.gross_amount, c.purpose INTO ch
  FROM payment_charges c
  WHERE c.tenant_id = p_tenant AND c.order_id = p_order_id
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::integer;
    RETURN;
  END IF;

  IF p_status = 'pending' THEN
    -- Only an order still being created takes the issued VA; a later pending (out of order) changes nothing.
    v_outcome := CASE WHEN ch.status = 'creating' THEN 'applied' ELSE 'ignored' END;
  ELSIF ch.status NOT IN ('creating', 'pending', 'expire', 'cancel', 'failure', 'error') THEN
    -- Paid already, reversed, or a state a settlement may not leave.
    v_outcome := 'ignored';
  ELSE
    -- Money on a closed order, a different amount, a purchase, a bill that is not open or an installment
    -- paid another way: the general path flags or credits those.
    IF ch.purpose <> 'installment' OR p_gross IS DISTINCT FROM ch.gross_amount THEN
      RETURN QUERY SELECT 'fallback'::text, NULL::integer;
      RETURN;
    END IF;
    SELECT h.id, h.registrant_id, h.school_id, h.state, h.mst_type_payment_id, h.total_amount INTO bill
    FROM registrant_header_payments h
    WHERE h.tenant_id = p_tenant AND h.id = ch.header_id AND h.deleted_at IS NULL
    FOR UPDATE;
    IF NOT FOUND OR bill.state NOT IN ('published', 'partially_paid') THEN
      RETURN QUERY SELECT 'fallback'::text, NULL::integer;
      RETURN;
    END IF;
    SELECT i.paid_at INTO inst
    FROM registrant_installment_payments i
    WHERE i.tenant_id = p_tenant AND i.id = ch.installment_id
    FOR UPDATE;
    IF NOT FOUND OR inst.paid_at IS NOT NULL THEN
      RETURN QUERY SELECT 'fallback'::text, NULL::integer;
      RETURN;
    END IF;
    v_outcome := 'applied';
  END IF;

  INSERT INTO payment_notifications (tenant_id, order_id, transaction_status, status_code, gross_amount, outcome, body)
  VALUES (p_tenant, p_order_id, left(p_status, 40), left(p_status_code, 10), left(p_gross_text, 30), v_outcome, p_body)
  ON CONFLICT (tenant_id, order_id, transaction_status) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'duplicate'::text, NULL::integer;
    RETURN;
  END IF;
  IF v_outcome = 'ignored' THEN
    RETURN QUERY SELECT 'ignored'::text, NULL::integer;
    RETURN;
  END IF;

  UPDATE payment_charges SET
    status = p_status,
    transaction_id = p_transaction_id,
    va_number = coalesce(p_va_number, va_number),
    bill_key = coalesce(p_bill_key, bill_key),
    biller_code = CASE WHEN p_bill_key IS NOT NULL THEN p_biller_code ELSE biller_code END,
    qr_string = coalesce(p_qr_string, qr_string),
    expires_at = coalesce(p_expires_at, expires_at),
    settled_at = CASE WHEN p_status = 'settlement' THEN p_settled_at ELSE settled_at END,
    reported_amount = CASE WHEN p_status = 'settlement' THEN p_gross ELSE reported_amount END,
    updated_at = now()
  WHERE tenant_id = p_tenant AND id = ch.id;
  IF p_status = 'pending' THEN
    RETURN QUERY SELECT 'applied'::text, NULL::integer;
    RETURN;
  END IF;

  UPDATE registrant_installment_payments SET
    paid_at = p_settled_at, paid_via = 'provider', paid_charge_id = ch.id, updated_at = now()
  WHERE tenant_id = p_tenant AND id = ch.installment_id;
  SELECT coalesce(sum(i.amount) FILTER (WHERE i.paid_at IS NOT NULL), 0), count(*) FILTER (WHERE i.paid_at IS NULL)
    INTO v_paid, v_open
  FROM registrant_installment_payments i
  WHERE i.tenant_id = p_tenant AND i.header_id = bill.id;
  v_to := CASE WHEN v_open = 0 THEN 'paid' WHEN v_paid > 0 THEN 'partially_paid' ELSE 'published' END;

  UPDATE registrant_header_payments SET
    state = v_to,
    paid_amount = v_paid,
    paid_at = CASE WHEN v_to = 'paid' THEN coalesce(paid_at, now()) END,
    version = version + 1,
    updated_at = now()
  WHERE tenant_id = p_tenant AND id = bill.id;
  INSERT INTO payment_history (tenant_id, header_id, school_id, action, from_state, to_state, detail)
  VALUES (p_tenant, bill.id, bill.school_id, 'provider_payment', bill.state, v_to,
          jsonb_build_object('charge_id', ch.id, 'source', 'notification', 'paid_amount', v_paid));

  INSERT INTO notifications (tenant_id, user_id, school_id, channel, address, template, data, subject, body, dedup_key)
  SELECT u.tenant_id, u.id, bill.school_id,
         CASE WHEN u.phone_number IS NOT NULL THEN 'whatsapp' ELSE 'email' END,
         coalesce(u.phone_number, u.email),
         'payment_paid',
         jsonb_build_object('bill_id', bill.id, 'paid_amount', v_paid),
         replace(replace(replace(replace(CASE WHEN v_to = 'paid' THEN p_texts[1] ELSE p_texts[3] END,
           '{total}', rupiah_text(bill.total_amount)), '{paid}', rupiah_text(v_paid)), '{type}', t.name),
           '{who}', coalesce(r.name, r.registration_number) || ' (no. pendaftaran ' || r.registration_number || ')'),
         replace(replace(replace(replace(CASE WHEN v_to = 'paid' THEN p_texts[2] ELSE p_texts[4] END,
           '{total}', rupiah_text(bill.total_amount)), '{paid}', rupiah_text(v_paid)), '{type}', t.name),
           '{who}', coalesce(r.name, r.registration_number) || ' (no. pendaftaran ' || r.registration_number || ')'),
         'payment-paid:' || bill.id || ':' || v_paid
  FROM registrants r
  JOIN mst_type_payments t ON t.tenant_id = r.tenant_id AND t.id = bill.mst_type_payment_id
  JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
  WHERE r.tenant_id = p_tenant AND r.id = bill.registrant_id
  ON CONFLICT (tenant_id, dedup_key) DO NOTHING;

  RETURN QUERY SELECT 'applied'::text, bill.registrant_id;
END $$;
