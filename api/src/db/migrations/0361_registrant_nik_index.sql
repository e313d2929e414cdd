-- 0361: look-alike registrants are also found by NIK (the answer to question 103), across every school of the
-- foundation the caller may see; this index keeps that probe to the registrants sharing the number.
CREATE INDEX registrants_nik_idx ON registrants (tenant_id, (question_answer ->> '103'))
  WHERE deleted_at IS NULL;
