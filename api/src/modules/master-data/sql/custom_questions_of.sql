-- The questions of a registrant's form: live and active, of its school (or of every school) and of its period
-- (or of every period), in order. STABLE: read inside the caller's row-level security.
CREATE OR REPLACE FUNCTION custom_questions_of(p_tenant integer, p_school integer, p_period integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT COALESCE(jsonb_agg(jsonb_build_object(
           'id', q.id, 'question', q.question, 'answer_type', q.answer_type, 'options', q.options,
           'help_text', q.help_text, 'is_required', q.is_required) ORDER BY q.sort_order, q.id), '[]'::jsonb)
  FROM mst_questions q
  WHERE q.tenant_id = p_tenant AND q.deleted_at IS NULL AND q.is_active
    AND (q.school_id IS NULL OR q.school_id = p_school)
    AND (q.school_period_id IS NULL OR q.school_period_id = p_period)
$$;
