-- Once per transaction, tenant and list (`app.list_versions_raised` remembers which, until the commit). A
-- tenant being deleted (its rows going with it) has no lists left to version.
CREATE OR REPLACE FUNCTION raise_list_version(of_tenant integer, of_list text) RETURNS void
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
