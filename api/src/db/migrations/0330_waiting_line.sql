-- 0330: the waiting room's line, shared by every api instance. A caller refused for capacity is written here
-- with its rank (first arrival on its signed ticket, or its pre-opening draw) and touched each time it comes
-- back; admitted callers are removed, and one not seen for 30 s no longer counts. UNLOGGED: a crash that
-- empties it only lets the next callers rebuild it from their tickets.
CREATE UNLOGGED TABLE waiting_line (
  tenant_id integer NOT NULL,
  nonce text NOT NULL,
  rank double precision NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, nonce)
);
CREATE INDEX waiting_line_rank_idx ON waiting_line (tenant_id, rank);
SELECT enable_tenant_rls('waiting_line');
