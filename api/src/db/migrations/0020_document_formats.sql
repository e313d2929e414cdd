-- 0020: per-school layouts of the printable documents (test card, result card, SPOTC, recap, graduation letter).
CREATE TABLE document_formats (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  school_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('test_card', 'result_card', 'spotc', 'recap', 'graduation')),
  template jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer,
  PRIMARY KEY (tenant_id, school_id, kind),
  FOREIGN KEY (tenant_id, school_id) REFERENCES schools (tenant_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_rls('document_formats');
SELECT enable_school_rls('document_formats');
