-- The string members `keys` of a JSON object (others dropped); '{}' for anything that is not an object.
CREATE OR REPLACE FUNCTION json_pick_strings(obj jsonb, keys text[]) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(jsonb_object_agg(k, obj -> k), '{}'::jsonb)
  FROM unnest(keys) AS k
  WHERE jsonb_typeof(obj) = 'object' AND jsonb_typeof(obj -> k) = 'string'
$$;
