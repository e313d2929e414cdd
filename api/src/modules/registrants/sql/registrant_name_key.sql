-- Lower case, the common Latin accents folded, everything but letters, digits and spaces dropped, runs of
-- spaces collapsed. Written with built-ins only so that it is IMMUTABLE (unaccent() is not), as a generated
-- column requires.
CREATE OR REPLACE FUNCTION registrant_name_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NULLIF(btrim(regexp_replace(regexp_replace(
    lower(translate(name,
      'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝŸýÿÑñÇçŠšŽž',
      'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuYYyyNnCcSsZz')),
    '[^a-z0-9[:space:]]+', '', 'g'), '[[:space:]]+', ' ', 'g')), '')
$$;
