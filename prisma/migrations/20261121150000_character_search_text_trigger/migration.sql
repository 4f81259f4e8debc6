-- Hand-written: Prisma's schema cannot express triggers, and the schema diff ignores them.
-- characters.search_text is what catalogue search matches; the database keeps it current on
-- every insert and update, so no writer (seed, admin editor, raw SQL) can forget it.
CREATE FUNCTION "characters_set_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := lower(concat_ws(' ', NEW."name", NEW."description", array_to_string(NEW."tags", ' ')));
  RETURN NEW;
END;
$$;

CREATE TRIGGER "characters_search_text"
  BEFORE INSERT OR UPDATE OF "name", "description", "tags", "search_text" ON "characters"
  FOR EACH ROW EXECUTE FUNCTION "characters_set_search_text"();

UPDATE "characters" SET "search_text" = lower(concat_ws(' ', "name", "description", array_to_string("tags", ' ')));
