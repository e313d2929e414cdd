-- 0210: a version number per tenant and list that changes whenever anything the list shows or filters on
-- changes, so an api instance may answer a list request it has already answered without reading the rows
-- again: it reads the version (one index lookup) and, when it is the version of its stored answer, sends that.
--
-- The version is bumped inside the writing transaction, so it becomes visible together with the change: a
-- reader that reads the version first and the rows afterwards (in a later statement or transaction) can store
-- rows newer than the version it read, never older; at worst a stored answer is thrown away once too often.
-- Every instance reads the same row, so no instance can serve what another has already changed.
--
-- Triggers are per statement, with transition tables, so a bulk insert or update bumps each tenant's version
-- once rather than once per row (updating one row thousands of times in a transaction walks every earlier
-- version of it). For updates only rows whose watched columns changed count: a parent saving the form's
-- answers or documents does not throw away the staff list's stored pages.
--
-- The first list is `registrants`, the staff registrant list: the registrants themselves, their parent's name,
-- e-mail and phone, the names of school, period, class and year, and the bills the payment-status filter reads.

CREATE TABLE list_versions (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  list text NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (tenant_id, list)
);
SELECT enable_tenant_rls('list_versions');

-- TG_ARGV[0] is the list; the other arguments are the columns an update must change to count (none: any update).
CREATE FUNCTION bump_list_version() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  watched text[] := TG_ARGV[1:];
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT t ORDER BY t) INTO changed
    FROM (
      SELECT n.tenant_id AS t, to_jsonb(n) AS nj, to_jsonb(o) AS oj
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      UNION ALL
      -- A row's tenant never changes in practice; if it did, both tenants' lists change.
      SELECT o.tenant_id, to_jsonb(n), to_jsonb(o)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.tenant_id IS DISTINCT FROM n.tenant_id
    ) rows
    WHERE cardinality(watched) = 0
       OR EXISTS (SELECT 1 FROM unnest(watched) c WHERE rows.nj -> c IS DISTINCT FROM rows.oj -> c);
  END IF;
  IF changed IS NOT NULL THEN
    -- In tenant order, so concurrent statements lock the version rows they share in the same order. A tenant
    -- being deleted (its rows going with it) has no lists left to version.
    INSERT INTO list_versions AS v (tenant_id, list, version)
    SELECT t, TG_ARGV[0], 1 FROM unnest(changed) t WHERE EXISTS (SELECT 1 FROM tenants WHERE id = t) ORDER BY t
    ON CONFLICT (tenant_id, list) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

-- One trigger per event and table: a trigger with transition tables has one event.
CREATE FUNCTION watch_list(tbl regclass, list text, VARIADIC watched text[] DEFAULT '{}') RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  args text := (SELECT string_agg(quote_literal(a), ', ') FROM unnest(list || watched) a);
  base text := format('%s_%s_version', replace(tbl::text, '.', '_'), list);
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version(%s)', base || '_insert', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version(%s)', base || '_update', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version(%s)', base || '_delete', tbl, args);
END $$;

SELECT watch_list('registrants', 'registrants', 'registration_number', 'name', 'school_id', 'school_year_id',
  'school_period_id', 'mst_class_id', 'status', 'is_submit', 'is_test', 'is_accepted', 'is_internal', 'created_at',
  'submitted_at', 'deleted_at', 'user_id', 'duplicate_key');
SELECT watch_list('users', 'registrants', 'name', 'email', 'phone_number');
SELECT watch_list('schools', 'registrants', 'name');
SELECT watch_list('school_years', 'registrants', 'name');
SELECT watch_list('school_periods', 'registrants', 'name');
SELECT watch_list('mst_classes', 'registrants', 'name');
SELECT watch_list('registrant_header_payments', 'registrants', 'registrant_id', 'state', 'deleted_at');
