-- 0002: lenient JSON parsing of staff-edited config values, so a typo in content never breaks a page.

-- The value as jsonb, or NULL when it is not valid JSON.
CREATE OR REPLACE FUNCTION try_jsonb(value text) RETURNS jsonb
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN value::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

-- The string members `keys` of a JSON object (others dropped); '{}' for anything that is not an object.
CREATE OR REPLACE FUNCTION json_pick_strings(obj jsonb, keys text[]) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(jsonb_object_agg(k, obj -> k), '{}'::jsonb)
  FROM unnest(keys) AS k
  WHERE jsonb_typeof(obj) = 'object' AND jsonb_typeof(obj -> k) = 'string'
$$;

-- The elements of a JSON array that are objects whose `required` members are all strings, each reduced to
-- its string members among `keys`; '[]' for anything that is not an array.
CREATE OR REPLACE FUNCTION json_pick_list(arr jsonb, keys text[], required text[]) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(jsonb_agg(json_pick_strings(e, keys) ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(arr) = 'array' THEN arr ELSE '[]'::jsonb END)
       WITH ORDINALITY AS t(e, i)
  WHERE jsonb_typeof(e) = 'object'
    AND NOT EXISTS (SELECT 1 FROM unnest(required) AS r WHERE jsonb_typeof(e -> r) IS DISTINCT FROM 'string')
$$;
