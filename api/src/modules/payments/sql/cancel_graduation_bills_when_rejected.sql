-- A published "not accepted" result cancels the registrant's unpaid bills shown at graduation (a bill with
-- money on it is kept: money received is never dropped). Written as a trigger, like re-registration (0105), so
-- every way a result is published (one registrant, the bulk job) cancels them in the same transaction. It fires
-- on the write of the publication time, which carries who published.
CREATE OR REPLACE FUNCTION cancel_graduation_bills_when_rejected() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH unpaid AS (
    SELECT b.id, b.school_id, b.state FROM registrant_header_payments b
    WHERE b.tenant_id = NEW.tenant_id AND b.registrant_id = NEW.id AND b.show_at_graduation
      AND b.deleted_at IS NULL AND b.state IN ('draft', 'published') AND b.paid_amount = 0
    FOR UPDATE
  ), cancelled AS (
    UPDATE registrant_header_payments b
    SET state = 'cancelled', version = b.version + 1, updated_at = now()
    FROM unpaid
    WHERE b.tenant_id = NEW.tenant_id AND b.id = unpaid.id
    RETURNING b.id, unpaid.school_id, unpaid.state AS from_state
  )
  INSERT INTO payment_history (tenant_id, header_id, school_id, action, from_state, to_state, reason, user_id)
  SELECT NEW.tenant_id, id, school_id, 'cancelled_not_accepted', from_state, 'cancelled',
    'Calon murid tidak diterima: tagihan yang ditampilkan saat kelulusan dibatalkan.', NEW.result_published_by
  FROM cancelled;
  IF FOUND THEN PERFORM pg_notify('bill_changed', NEW.tenant_id || ':' || NEW.id); END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS registrants_cancel_graduation_bills ON registrants;
CREATE TRIGGER registrants_cancel_graduation_bills AFTER UPDATE OF result_published_at ON registrants
  FOR EACH ROW WHEN (new.status = 'rejected'::text AND new.result_published_at IS NOT NULL AND new.result_published_at IS DISTINCT FROM old.result_published_at)
  EXECUTE FUNCTION cancel_graduation_bills_when_rejected();
