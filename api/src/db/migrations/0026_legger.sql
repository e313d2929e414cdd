-- The legger: one score per registrant and subject (0–100, two decimals), written by the legger import.
CREATE TABLE registrant_subject_scores (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  registrant_id integer NOT NULL,
  mst_subject_id integer NOT NULL,
  score numeric(5, 2) NOT NULL CHECK (score >= 0 AND score <= 100),
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, registrant_id, mst_subject_id),
  FOREIGN KEY (tenant_id, registrant_id) REFERENCES registrants (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, mst_subject_id) REFERENCES mst_subjects (tenant_id, id),
  FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id)
);
CREATE INDEX registrant_subject_scores_subject_idx ON registrant_subject_scores (tenant_id, mst_subject_id);
SELECT enable_tenant_rls('registrant_subject_scores');
SELECT enable_school_rls_through('registrant_subject_scores', 'registrant_id', 'registrants');
