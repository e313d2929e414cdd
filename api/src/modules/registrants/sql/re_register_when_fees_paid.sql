-- An accepted registrant whose re-registration fees (the bills shown with the result) are all paid is
-- re-registered. Written as a trigger so that every way a bill becomes paid — a provider notification (also the
-- SQL fast path), a manual approval, a reconciliation — moves the registrant the same way, in the same transaction.
-- A registrant whose offer still waits for the signed agreement is not re-registered by the payment alone: signing
-- it then completes the re-registration (offers/answer.ts).
CREATE OR REPLACE FUNCTION re_register_when_fees_paid() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM registrant_header_payments b
    WHERE b.tenant_id = NEW.tenant_id AND b.registrant_id = NEW.registrant_id AND b.show_at_graduation
      AND b.deleted_at IS NULL AND b.state NOT IN ('paid', 'cancelled')
  ) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM offers o
    WHERE o.tenant_id = NEW.tenant_id AND o.registrant_id = NEW.registrant_id AND o.state = 'open'
  ) THEN
    RETURN NULL;
  END IF;
  -- accepted and re_registered carry the same flags (registrants_status_flags), so only the state changes.
  WITH moved AS (
    UPDATE registrants
    SET status = 're_registered', status_changed_at = now(), updated_at = now(), status_note = NULL
    WHERE tenant_id = NEW.tenant_id AND id = NEW.registrant_id AND status = 'accepted' AND deleted_at IS NULL
    RETURNING id
  )
  INSERT INTO registrant_status_history (tenant_id, registrant_id, action, from_status, to_status, reason)
  SELECT NEW.tenant_id, id, 're_register', 'accepted', 're_registered', 'Biaya daftar ulang lunas.' FROM moved;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS registrant_header_payments_re_register ON registrant_header_payments;
CREATE TRIGGER registrant_header_payments_re_register AFTER UPDATE OF state ON registrant_header_payments
  FOR EACH ROW WHEN (new.state = 'paid'::text AND old.state IS DISTINCT FROM 'paid'::text AND new.show_at_graduation AND new.deleted_at IS NULL)
  EXECUTE FUNCTION re_register_when_fees_paid();
