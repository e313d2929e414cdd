-- 0007: per-account login lockout that survives a restart; a tenant's own link origin and disabled state.

-- Failed sign-ins per account, not per typed identifier: the e-mail and the phone of one account share the
-- row (`user:<id>`). Identifiers of no account get rows of their own (`name:<identifier>`), so both cases
-- behave alike. A logged table: a database restart does not hand an attacker a fresh set of guesses.
CREATE TABLE login_failures (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  account_key text NOT NULL,
  failures integer NOT NULL,
  -- No password is checked before this time; grows with each failure, capped at a few minutes.
  blocked_until timestamptz NOT NULL,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, account_key)
);
CREATE INDEX login_failures_age_idx ON login_failures (tenant_id, last_failure_at);
SELECT enable_tenant_rls('login_failures');
GRANT SELECT, INSERT, UPDATE, DELETE ON login_failures TO psb_app;

-- Origin for links in this tenant's e-mails (e.g. https://smakristen.psb.example.id) when PUBLIC_URL is not
-- set; never taken from a request. A disabled tenant answers like an unknown one.
ALTER TABLE tenants ADD COLUMN public_origin text CHECK (public_origin ~ '^https?://[^\s/]+$');
ALTER TABLE tenants ADD COLUMN disabled_at timestamptz;
