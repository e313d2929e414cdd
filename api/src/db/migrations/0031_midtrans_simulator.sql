-- 0031: state of the built-in Midtrans simulator (used only when no Midtrans server key is configured).
--
-- The simulator stands in for Midtrans itself, which serves every foundation from one account: its tables
-- are global (no tenant_id, no row-level security), like the provider's own books. Keeping them in
-- PostgreSQL lets orders survive a restart and lets two api instances answer for the same orders.
-- psb_app gets data access through the default privileges of 0001.

CREATE TABLE midtrans_simulator_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL,
  transaction_id uuid NOT NULL UNIQUE,
  payment_type text NOT NULL CHECK (payment_type IN ('bank_transfer', 'echannel', 'qris')),
  -- bca, bni, bri, cimb, permata, mandiri or qris.
  bank text NOT NULL,
  -- The VA number, or the Mandiri bill key; null for qris.
  payment_code text,
  biller_code text,
  qr_string text,
  gross_amount bigint NOT NULL CHECK (gross_amount > 0),
  paid_amount bigint,
  status text NOT NULL DEFAULT 'pending',
  transaction_time timestamptz NOT NULL,
  expiry_time timestamptz NOT NULL,
  settlement_time timestamptz,
  -- The charge body as received, for the tester page and support.
  request jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- An order id may be charged again only once its earlier order was cancelled or expired (as at Midtrans).
CREATE UNIQUE INDEX midtrans_simulator_orders_live_order
  ON midtrans_simulator_orders (order_id) WHERE status NOT IN ('cancel', 'expire');
-- A VA number / bill key belongs to at most one payable order of its bank.
CREATE UNIQUE INDEX midtrans_simulator_orders_live_code
  ON midtrans_simulator_orders (bank, payment_code) WHERE status = 'pending' AND payment_code IS NOT NULL;
CREATE INDEX midtrans_simulator_orders_code ON midtrans_simulator_orders (payment_code, id DESC);
CREATE INDEX midtrans_simulator_orders_order ON midtrans_simulator_orders (order_id, id DESC);

-- Every notification the simulator sends, with its delivery attempts (Midtrans' "See History").
CREATE TABLE midtrans_simulator_notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL,
  transaction_status text NOT NULL,
  body jsonb NOT NULL,
  target text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Retries left after the first attempt, set by the first reply's status (see notifier.ts).
  retries_left integer,
  last_status integer,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX midtrans_simulator_notifications_due
  ON midtrans_simulator_notifications (next_attempt_at) WHERE state = 'pending';
CREATE INDEX midtrans_simulator_notifications_order ON midtrans_simulator_notifications (order_id, id);

-- Iris payouts: queued → approved | rejected → processed → completed | failed.
CREATE TABLE midtrans_simulator_payouts (
  reference_no text PRIMARY KEY,
  beneficiary_name text NOT NULL,
  beneficiary_account text NOT NULL,
  beneficiary_bank text NOT NULL,
  beneficiary_email text,
  amount bigint NOT NULL CHECK (amount > 0),
  notes text NOT NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'approved', 'rejected', 'processed', 'completed', 'failed')),
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX midtrans_simulator_payouts_created ON midtrans_simulator_payouts (created_at);
