-- 0115: possible duplicate registrants. Two registrants of a tenant look like the same child when their
-- names agree once case, accents, punctuation and spacing are set aside and their birth dates (answer 4) are
-- equal. The comparison key is stored on the row (a generated column) and indexed, so the staff list can count
-- the look-alikes of each row of a page through the index instead of normalising every name per request.

-- Lower case, the common Latin accents folded, everything but letters, digits and spaces dropped, runs of
-- spaces collapsed. Written with built-ins only so that it is IMMUTABLE (unaccent() is not), as a generated
-- column requires.
CREATE FUNCTION registrant_name_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NULLIF(btrim(regexp_replace(regexp_replace(
    lower(translate(name,
      'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝŸýÿÑñÇçŠšŽž',
      'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuYYyyNnCcSsZz')),
    '[^a-z0-9[:space:]]+', '', 'g'), '[[:space:]]+', ' ', 'g')), '')
$$;

ALTER TABLE registrants ADD COLUMN duplicate_key text GENERATED ALWAYS AS (
  CASE WHEN registrant_name_key(name) IS NOT NULL AND question_answer ->> '4' ~ '^\d{4}-\d{2}-\d{2}$'
    THEN registrant_name_key(name) || '|' || (question_answer ->> '4') END
) STORED;

CREATE INDEX registrants_duplicate_key_idx ON registrants (tenant_id, duplicate_key)
  WHERE deleted_at IS NULL AND duplicate_key IS NOT NULL;
