-- 0400: a new child of a family starts from the family's shared answers (parents, address, siblings). The
-- registrant keeps which form they came from and, per question, the answer as copied until the parent confirms
-- it (confirmed answers leave `family_copied`; a changed one no longer equals its copy). Siblings are the other
-- children of the same parent account, found through the existing (tenant_id, user_id) index.
ALTER TABLE registrants
  ADD COLUMN family_source_id integer,
  ADD COLUMN family_copied jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD CONSTRAINT registrants_family_source_fkey
    FOREIGN KEY (tenant_id, family_source_id) REFERENCES registrants (tenant_id, id);
