-- The provider's notifications as received, before they are applied. The endpoint only checks the signature
-- and stores the body here (one statement, so it answers fast and the notification is safe on disk); a worker
-- applies stored rows in batches afterwards. A delivery of a (transaction, status) already stored collapses
-- into the stored row, so retries and duplicates are stored once.
CREATE TABLE payment_inbox (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  order_id text NOT NULL,
  -- The provider's transaction id (the order id when a body carries none).
  transaction_id text NOT NULL,
  transaction_status text NOT NULL,
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  -- Failed attempts; a failed row waits until next_attempt_at and is tried again.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  processed_at timestamptz,
  outcome text,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, transaction_id, transaction_status)
);
-- What the worker claims: rows not yet applied, oldest first.
CREATE INDEX payment_inbox_waiting_idx ON payment_inbox (tenant_id, id) WHERE processed_at IS NULL;
SELECT enable_tenant_rls('payment_inbox');
