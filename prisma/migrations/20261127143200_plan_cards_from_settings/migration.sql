-- A plan's card is generated from its settings (decision 032): the tokens a paid period grants
-- become a setting, read from the feature text as the old rule read it (the first feature that
-- mentions tokens, its first number), and the free-text features go.
ALTER TABLE "plans" ADD COLUMN "period_tokens" INTEGER NOT NULL DEFAULT 0;

UPDATE "plans" p SET "period_tokens" = LEAST(100000000, COALESCE((
  SELECT replace(substring(feature ->> 'text' FROM '\d[\d,]*'), ',', '')::numeric
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p."features") = 'array' THEN p."features" END) WITH ORDINALITY AS listed(feature, position)
  WHERE feature ->> 'text' ~* 'tokens'
  ORDER BY position LIMIT 1), 0))::integer
WHERE p."price_cents" > 0;

ALTER TABLE "plans" DROP COLUMN "features";

-- The admin form's bounds, kept by the database too: a reply sends at least one earlier message.
UPDATE "plans" SET "memory_messages" = LEAST(200, GREATEST(1, "memory_messages"));
ALTER TABLE "plans" ADD CONSTRAINT "plans_memory_messages_bounds" CHECK ("memory_messages" BETWEEN 1 AND 200);
ALTER TABLE "plans" ADD CONSTRAINT "plans_period_tokens_bounds" CHECK ("period_tokens" BETWEEN 0 AND 100000000);

-- The seeded Premium plan promised faster replies and new characters; its card now says what it has.
UPDATE "plans" SET "description" = 'The longest memory, your pictures and videos made first, and new models before anyone else.'
WHERE "description" = 'The most room to talk, with the fastest replies and new characters first.';
