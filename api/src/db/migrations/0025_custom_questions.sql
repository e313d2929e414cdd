-- mst_questions become the questions a school adds to its registrant form (Pertanyaan Tambahan): more answer
-- types, required or not, a help text, and optionally one period of the school.
ALTER TABLE mst_questions DROP CONSTRAINT IF EXISTS mst_questions_answer_type_check;
ALTER TABLE mst_questions
  ADD CONSTRAINT mst_questions_answer_type_check
    CHECK (answer_type IN ('text', 'textarea', 'number', 'date', 'choice', 'multi')),
  ADD COLUMN school_period_id integer,
  ADD COLUMN is_required boolean NOT NULL DEFAULT false,
  ADD COLUMN help_text text,
  ADD FOREIGN KEY (tenant_id, school_period_id) REFERENCES school_periods (tenant_id, id);
CREATE INDEX mst_questions_period_idx ON mst_questions (tenant_id, school_period_id);

-- The questions of a registrant's form: live and active, of its school (or of every school) and of its period
-- (or of every period), in order. STABLE: read inside the caller's row-level security.
CREATE FUNCTION custom_questions_of(p_tenant integer, p_school integer, p_period integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT COALESCE(jsonb_agg(jsonb_build_object(
           'id', q.id, 'question', q.question, 'answer_type', q.answer_type, 'options', q.options,
           'help_text', q.help_text, 'is_required', q.is_required) ORDER BY q.sort_order, q.id), '[]'::jsonb)
  FROM mst_questions q
  WHERE q.tenant_id = p_tenant AND q.deleted_at IS NULL AND q.is_active
    AND (q.school_id IS NULL OR q.school_id = p_school)
    AND (q.school_period_id IS NULL OR q.school_period_id = p_period)
$$;
