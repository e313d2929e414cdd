-- requires: json_pick_strings

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
