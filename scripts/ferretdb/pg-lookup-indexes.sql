-- Lookup indexes FerretDB 1.24's PostgreSQL handler can use (run by scripts/lib/postgres.mjs on
-- every start; safe to run again). FerretDB filters an equality as containment,
-- `(_jsonb -> '_id') @> '"x"'`, but indexes `_id` and the declared fields with a btree on
-- `(_jsonb -> 'field')`, which `@>` cannot use: measured here, a lookup by `_id` or `email` in 20,000
-- documents was a sequential scan (about 19 ms) until a GIN index on the same expression made it
-- an index scan (about 2-4 ms). So every FerretDB table gets a GIN `jsonb_path_ops` index on
-- `_id`, and one on each top-level field of each index FerretDB makes (the product's declared
-- indexes): by an event trigger as FerretDB creates them, and below for tables made before.

CREATE OR REPLACE FUNCTION fw_gin_lookup_index(tbl regclass, field text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  rel record;
  name text;
BEGIN
  SELECT n.nspname, c.relname INTO rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = tbl;
  name := left(rel.relname, 40) || '_' || left(md5(field), 8) || '_gin';
  IF NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.relname = name AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = rel.nspname)) THEN
    EXECUTE format('CREATE INDEX %I ON %I.%I USING gin ((_jsonb -> %L) jsonb_path_ops)', name, rel.nspname, rel.relname, field);
  END IF;
END $$;

-- The top-level fields a btree index of FerretDB's covers, e.g. `(_jsonb -> 'email'::text)`.
CREATE OR REPLACE FUNCTION fw_index_fields(indexdef text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT m[1] FROM regexp_matches(indexdef, '_jsonb -> ''([^'']+)''::text\)', 'g') AS m
$$;

CREATE OR REPLACE FUNCTION fw_lookup_indexes_on_ddl() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  cmd record;
  field text;
BEGIN
  FOR cmd IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP
    BEGIN
      IF cmd.command_tag = 'CREATE TABLE' AND cmd.schema_name NOT IN ('public', 'pg_catalog')
         AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = cmd.objid AND attname = '_jsonb') THEN
        PERFORM fw_gin_lookup_index(cmd.objid::regclass, '_id');
      ELSIF cmd.command_tag = 'CREATE INDEX' AND pg_get_indexdef(cmd.objid) LIKE '%USING btree%' THEN
        FOR field IN SELECT fw_index_fields(pg_get_indexdef(cmd.objid)) LOOP
          PERFORM fw_gin_lookup_index((SELECT indrelid FROM pg_index WHERE indexrelid = cmd.objid)::regclass, field);
        END LOOP;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      -- An index is an optimisation: it must never make FerretDB's own statement fail.
      RAISE WARNING 'fw lookup index skipped: %', SQLERRM;
    END;
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS fw_lookup_indexes;
CREATE EVENT TRIGGER fw_lookup_indexes ON ddl_command_end
  WHEN TAG IN ('CREATE TABLE', 'CREATE INDEX')
  EXECUTE FUNCTION fw_lookup_indexes_on_ddl();

-- Tables and indexes FerretDB made before (an older cluster, a restored backup).
DO $$
DECLARE
  t record;
  field text;
BEGIN
  FOR t IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = '_jsonb'
           WHERE c.relkind = 'r' AND n.nspname NOT IN ('public', 'pg_catalog', 'information_schema') LOOP
    PERFORM fw_gin_lookup_index(t.oid::regclass, '_id');
    FOR field IN SELECT DISTINCT fw_index_fields(pg_get_indexdef(i.indexrelid)) FROM pg_index i
                 WHERE i.indrelid = t.oid AND pg_get_indexdef(i.indexrelid) LIKE '%USING btree%' LOOP
      PERFORM fw_gin_lookup_index(t.oid::regclass, field);
    END LOOP;
  END LOOP;
END $$;
