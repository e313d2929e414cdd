-- 0292: what each table without a tenant would be under Citus (sharded by tenant_id; see docs/scaling.md).
-- Tenant tables are distributed by tenant_id; these are marked here, in the catalog, so a new tenant-less
-- table has to say what it is (src/db/citus-schema.test.ts):
-- `citus: reference` — small, read by every shard's queries or joined with tenant tables: a copy on every node;
-- `citus: local` — the coordinator's own bookkeeping, never joined with tenant tables.
COMMENT ON TABLE tenants IS 'citus: reference — the foundations; every tenant table points at it';
COMMENT ON TABLE modules IS 'citus: reference — permission modules, the same for every tenant';
COMMENT ON TABLE midtrans_simulator_orders IS 'citus: reference — the payment simulator''s orders (no tenant: it plays Midtrans)';
COMMENT ON TABLE midtrans_simulator_notifications IS 'citus: reference — the payment simulator''s notification attempts';
COMMENT ON TABLE midtrans_simulator_payouts IS 'citus: reference — the payment simulator''s payouts';
COMMENT ON TABLE rate_limits IS 'citus: local — per-address counters on the coordinator, never joined';
COMMENT ON TABLE schema_migrations IS 'citus: local — the coordinator''s migration record';
