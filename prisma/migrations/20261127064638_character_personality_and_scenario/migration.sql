-- AlterTable
ALTER TABLE "characters" ADD COLUMN     "personality" TEXT,
ADD COLUMN     "scenario" TEXT;

-- Imported cards kept their scenario, and their personality, in details. Both move to their own
-- columns. A personality of at most 200 characters (a detail's limit) may be a trait chosen
-- from the admins' detail definitions ("Dreamy"), so it stays a detail; a longer one is the
-- card's free text.
UPDATE "characters"
SET "scenario" = "details" ->> 'scenario', "details" = "details" - 'scenario'
WHERE jsonb_typeof("details" -> 'scenario') = 'string';

UPDATE "characters"
SET "personality" = "details" ->> 'personality', "details" = "details" - 'personality'
WHERE jsonb_typeof("details" -> 'personality') = 'string' AND char_length("details" ->> 'personality') > 200;
