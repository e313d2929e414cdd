-- 0210: a version number per tenant and list that changes whenever anything the list shows or filters on
-- changes, so an api instance may answer a list request it has already answered without reading the rows
-- again: it reads the version (one index lookup) and, when it is the version of its stored answer, sends that.
--
-- The version is raised inside the writing transaction, so it becomes visible together with the change: a
-- reader that reads the version first and the rows afterwards (in a later statement or transaction) can store
-- rows newer than the version it read, never older; at worst a stored answer is thrown away once too often.
-- Every instance reads the same row, so no instance can serve what another has already changed.
--
-- The triggers are deferred to the commit, and a transaction raises each of its tenants' versions once
-- (however many rows it wrote): the version row is the last lock a writing transaction takes, so two writers
-- can never each hold it while waiting for a row the other has locked (taken at each statement, it could turn
-- an ordinary wait into a deadlock). For updates only rows whose watched columns changed count: a parent
-- saving the form's answers or documents does not throw away the staff list's stored pages.
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

-- Once per transaction, tenant and list (`app.list_versions_raised` remembers which, until the commit). A
-- tenant being deleted (its rows going with it) has no lists left to version.
CREATE FUNCTION raise_list_version(of_tenant integer, of_list text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
DECLARE
  raised text := coalesce(current_setting('app.list_versions_raised', true), '');
  mark text := format('[%s:%s]', of_tenant, of_list);
BEGIN
  IF position(mark IN raised) > 0 THEN RETURN; END IF;
  PERFORM set_config('app.list_versions_raised', raised || mark, true);
  INSERT INTO list_versions AS v (tenant_id, list, version)
  SELECT of_tenant, of_list, 1 WHERE EXISTS (SELECT 1 FROM tenants WHERE id = of_tenant)
  ON CONFLICT (tenant_id, list) DO UPDATE SET version = v.version + 1;
END $$;

-- TG_ARGV[0] is the list.
CREATE FUNCTION list_row_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM raise_list_version(OLD.tenant_id, TG_ARGV[0]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM raise_list_version(NEW.tenant_id, TG_ARGV[0]); END IF;
  RETURN NULL;
END $$;

-- The list's triggers on a table; `watched` are the columns an update must change to count (none: any update).
CREATE FUNCTION watch_list(tbl regclass, list text, VARIADIC watched text[] DEFAULT '{}') RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  changed text := coalesce(
    (SELECT string_agg(format('OLD.%1$I IS DISTINCT FROM NEW.%1$I', c), ' OR ') FROM unnest(watched) c), 'true');
  base text := format('%s_%s_version', replace(tbl::text, '.', '_'), list);
BEGIN
  EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR DELETE ON %s DEFERRABLE INITIALLY DEFERRED '
    'FOR EACH ROW EXECUTE FUNCTION list_row_changed(%L)', base, tbl, list);
  EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER UPDATE ON %s DEFERRABLE INITIALLY DEFERRED '
    'FOR EACH ROW WHEN (%s) EXECUTE FUNCTION list_row_changed(%L)', base || '_update', tbl, changed, list);
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
