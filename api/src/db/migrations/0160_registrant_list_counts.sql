-- 0160: the staff registrant list's counts per state kept as running sums, so the list answers them with an
-- index lookup over a few hundred rows instead of counting every registrant of the period on each request.
--
-- registrant_list_counts holds, per tenant, school, year, period, class, state, the list's flags (submitted,
-- test, internal, accepted: true, false or not yet decided) and whether the registrant is archived, how many
-- registrants have exactly those values. Every filter of the list that is one of these columns is answered by
-- summing the matching rows; the other filters (search, registration dates, payment status) still count the
-- registrants themselves.
--
-- Triggers keep it exact: every update and delete takes the old row's contribution away and adds the new row's,
-- every insert statement adds its rows, with upserts that concurrent transactions serialise on the summary row.
-- The functions run as their owner (SECURITY DEFINER) so a job or a school-limited role changing a registrant
-- always updates the sum it touches. Rows that fall to zero stay (a later registrant reuses them); readers skip
-- zero sums.

CREATE TABLE registrant_list_counts (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  school_id integer NOT NULL,
  school_year_id integer NOT NULL,
  school_period_id integer NOT NULL,
  mst_class_id integer NOT NULL,
  status text NOT NULL,
  is_submit boolean NOT NULL,
  is_test boolean NOT NULL,
  is_internal boolean NOT NULL,
  is_accepted boolean,
  archived boolean NOT NULL,
  registrants integer NOT NULL
);
CREATE UNIQUE INDEX registrant_list_counts_key ON registrant_list_counts (tenant_id, school_period_id, school_id,
  school_year_id, mst_class_id, status, is_submit, is_test, is_internal, is_accepted, archived) NULLS NOT DISTINCT;
CREATE INDEX registrant_list_counts_year_idx ON registrant_list_counts (tenant_id, school_year_id);
CREATE INDEX registrant_list_counts_school_idx ON registrant_list_counts (tenant_id, school_id);
SELECT enable_tenant_rls('registrant_list_counts');
SELECT enable_school_rls('registrant_list_counts');

CREATE FUNCTION registrant_list_count_add(r registrants, sign integer) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
  INSERT INTO registrant_list_counts AS t (tenant_id, school_id, school_year_id, school_period_id, mst_class_id,
    status, is_submit, is_test, is_internal, is_accepted, archived, registrants)
  VALUES (r.tenant_id, r.school_id, r.school_year_id, r.school_period_id, r.mst_class_id, r.status, r.is_submit,
    r.is_test, r.is_internal, r.is_accepted, r.deleted_at IS NOT NULL, sign)
  ON CONFLICT (tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, archived)
  DO UPDATE SET registrants = t.registrants + excluded.registrants $$;

-- Updates and deletes come one registrant at a time (a state change, a move, an archive).
CREATE FUNCTION registrant_list_counts_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.school_id, OLD.school_year_id, OLD.school_period_id,
      OLD.mst_class_id, OLD.status, OLD.is_submit, OLD.is_test, OLD.is_internal, OLD.is_accepted,
      OLD.deleted_at IS NULL) IS NOT DISTINCT FROM (NEW.tenant_id, NEW.school_id, NEW.school_year_id,
      NEW.school_period_id, NEW.mst_class_id, NEW.status, NEW.is_submit, NEW.is_test, NEW.is_internal,
      NEW.is_accepted, NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM registrant_list_count_add(OLD, -1);
  IF TG_OP = 'UPDATE' THEN PERFORM registrant_list_count_add(NEW, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER registrant_list_counts AFTER UPDATE OR DELETE ON registrants
  FOR EACH ROW EXECUTE FUNCTION registrant_list_counts_changed();

-- Inserts come in bulk too (imports, generated seasons): counted per statement, one upsert per summary row, so
-- thousands of new registrants do not update one summary row thousands of times in their transaction (each
-- update then walks every earlier version of the row). In key order, so concurrent inserts lock the summary
-- rows they share in the same order.
CREATE FUNCTION registrant_list_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$
BEGIN
  INSERT INTO registrant_list_counts AS t (tenant_id, school_id, school_year_id, school_period_id, mst_class_id,
    status, is_submit, is_test, is_internal, is_accepted, archived, registrants)
  SELECT tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, deleted_at IS NOT NULL, count(*)
  FROM new_rows
  GROUP BY tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, deleted_at IS NOT NULL
  ORDER BY tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, deleted_at IS NOT NULL
  ON CONFLICT (tenant_id, school_period_id, school_id, school_year_id, mst_class_id, status, is_submit, is_test,
    is_internal, is_accepted, archived)
  DO UPDATE SET registrants = t.registrants + excluded.registrants;
  RETURN NULL;
END $$;
CREATE TRIGGER registrant_list_counts_insert AFTER INSERT ON registrants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registrant_list_counts_inserted();

-- The registrants already there.
INSERT INTO registrant_list_counts (tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status,
  is_submit, is_test, is_internal, is_accepted, archived, registrants)
SELECT tenant_id, school_id, school_year_id, school_period_id, mst_class_id, status, is_submit, is_test,
  is_internal, is_accepted, deleted_at IS NOT NULL, count(*)
FROM registrants
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
