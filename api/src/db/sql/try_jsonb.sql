-- The value as jsonb, or NULL when it is not valid JSON.
CREATE OR REPLACE FUNCTION try_jsonb(value text) RETURNS jsonb
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN value::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;
