-- GET /readyz runs on the runtime pool (role psb_app) and compares the applied migrations with the files the
-- build ships: it may read the list, nothing more.
GRANT SELECT ON schema_migrations TO psb_app;
