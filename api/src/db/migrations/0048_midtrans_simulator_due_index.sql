-- 0048: the simulator expires due orders before every charge, status query and payment; without an index that
-- read every order it ever made (thousands after a bulk billing run), once per request.
CREATE INDEX midtrans_simulator_orders_due ON midtrans_simulator_orders (expiry_time) WHERE status = 'pending';
