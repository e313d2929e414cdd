-- requires: list_row_changed

-- The list's triggers on a table; `watched` are the columns an update must change to count (none: any update).
CREATE OR REPLACE FUNCTION watch_list(tbl regclass, list text, VARIADIC watched text[] DEFAULT '{}') RETURNS void
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
