-- 0290: psb_runtime, a login role for the runtime connection that needs no startup option. A pooler such as
-- PgBouncer refuses `-c role=psb_app` (and one told to ignore it would leave the app connected as the owner,
-- past row-level security), so the switch to psb_app is made by the server: the role's own default setting.
-- It has no BYPASSRLS and owns nothing; the server refuses to start on a runtime connection that could bypass
-- row-level security. Give it a password (ALTER ROLE psb_runtime PASSWORD '…') where the server asks for one.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'psb_runtime') THEN
    CREATE ROLE psb_runtime LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT pg_has_role('psb_runtime', 'psb_app', 'MEMBER') THEN
    GRANT psb_app TO psb_runtime;
  END IF;
END $$;
ALTER ROLE psb_runtime SET role = 'psb_app';
