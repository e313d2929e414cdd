-- How far a streaming replica is behind, for the api's choice of where reports read (DATABASE_REPLICA_URL):
-- 0 on a primary, and on a replica that streams and has replayed all it received; else the age of the last
-- replayed transaction (never replayed: far behind). The WAL receiver's status is visible to
-- pg_read_all_stats only, so the function runs as its owner and returns one number, nothing more.
CREATE OR REPLACE FUNCTION app_replica_lag_ms() RETURNS double precision
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
  SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming')
      AND pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
    ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000, 'Infinity')
  END::double precision
$$;
