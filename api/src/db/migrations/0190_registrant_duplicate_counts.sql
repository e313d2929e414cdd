-- 0190: the staff list's "possible duplicates" of each row answered from running counts instead of probing the
-- registrants twice per row (the same parent; the same name + birth-date key).
--
-- registrant_duplicate_counts holds, per tenant, school, parent account and duplicate key (NULL when the row has
-- none), how many LIVE registrants have exactly those values. For a registrant r the others that may be the
-- same child are those sharing its parent or its key, so under the caller's schools (row-level security, the
-- same policies as the registrants themselves):
--
--   sharing the parent + sharing the key - sharing both - r itself (when r is live)
--
-- which is one index range of the parent's rows (both sums) and, only when r has a key, one of the key's rows.
--
-- Triggers keep it exact, as those of registrant_list_counts (0160): every update and delete takes the old row's
-- contribution away and adds the new row's, every insert statement adds its rows, with upserts that concurrent
-- transactions serialise on the summary row (in key order for inserts, so they lock shared rows in the same
-- order). SECURITY DEFINER so a job or a school-limited role changing a registrant updates the sum it touches.
-- Rows that fall to zero stay (a later registrant reuses them); they add nothing to a sum.

CREATE TABLE registrant_duplicate_counts (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  duplicate_key text,
  school_id integer NOT NULL,
  registrants integer NOT NULL
);
CREATE UNIQUE INDEX registrant_duplicate_counts_key ON registrant_duplicate_counts (tenant_id, user_id,
  duplicate_key, school_id) NULLS NOT DISTINCT;
CREATE INDEX registrant_duplicate_counts_dup_key_idx ON registrant_duplicate_counts (tenant_id, duplicate_key)
  INCLUDE (school_id, user_id, registrants) WHERE duplicate_key IS NOT NULL;
SELECT enable_tenant_rls('registrant_duplicate_counts');
SELECT enable_school_rls('registrant_duplicate_counts');

CREATE FUNCTION registrant_duplicate_count_add(r registrants, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO registrant_duplicate_counts AS t (tenant_id, user_id, duplicate_key, school_id, registrants)
  VALUES (r.tenant_id, r.user_id, r.duplicate_key, r.school_id, sign)
  ON CONFLICT (tenant_id, user_id, duplicate_key, school_id)
  DO UPDATE SET registrants = t.registrants + excluded.registrants $$;

-- Updates and deletes come one registrant at a time (an edit of the name or birth date, a move, an archive).
CREATE FUNCTION registrant_duplicate_counts_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.user_id, OLD.duplicate_key, OLD.school_id, OLD.deleted_at IS NULL)
      IS NOT DISTINCT FROM (NEW.tenant_id, NEW.user_id, NEW.duplicate_key, NEW.school_id, NEW.deleted_at IS NULL)
  THEN
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL THEN PERFORM registrant_duplicate_count_add(OLD, -1); END IF;
  IF TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL THEN PERFORM registrant_duplicate_count_add(NEW, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER registrant_duplicate_counts AFTER UPDATE OR DELETE ON registrants
  FOR EACH ROW EXECUTE FUNCTION registrant_duplicate_counts_changed();

-- Inserts come in bulk too (imports, generated seasons): one upsert per summary row of the statement.
CREATE FUNCTION registrant_duplicate_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  INSERT INTO registrant_duplicate_counts AS t (tenant_id, user_id, duplicate_key, school_id, registrants)
  SELECT tenant_id, user_id, duplicate_key, school_id, count(*)
  FROM new_rows
  WHERE deleted_at IS NULL
  GROUP BY tenant_id, user_id, duplicate_key, school_id
  ORDER BY tenant_id, user_id, duplicate_key, school_id
  ON CONFLICT (tenant_id, user_id, duplicate_key, school_id)
  DO UPDATE SET registrants = t.registrants + excluded.registrants;
  RETURN NULL;
END $$;
CREATE TRIGGER registrant_duplicate_counts_insert AFTER INSERT ON registrants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registrant_duplicate_counts_inserted();

-- The registrants already there.
INSERT INTO registrant_duplicate_counts (tenant_id, user_id, duplicate_key, school_id, registrants)
SELECT tenant_id, user_id, duplicate_key, school_id, count(*)
FROM registrants
WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4;
