-- AlterTable
ALTER TABLE "chat_models" ADD COLUMN     "accepts_images" BOOLEAN NOT NULL DEFAULT false;

-- An installation seeded before this migration gets the starter model that reads images, unpublished
-- and unedited (equal timestamps), so the next start publishes it once NEBIUS_API_KEY is set. A new
-- database has no catalogue yet at this point: the seed adds the model.
INSERT INTO "chat_models" ("id", "chat_model", "model_id", "description", "ai_platform", "model_type", "settings", "cost_tokens", "cost_unit",
                           "is_published", "is_stream", "is_webhook", "accepts_images", "weight", "created_at", "updated_at")
SELECT gen_random_uuid(), 'Qwen2.5 VL 72B Instruct', 'Qwen/Qwen2.5-VL-72B-Instruct',
       'Qwen2.5-VL 72B instruct on Nebius AI Studio: reads the pictures attached to a message.', 'nebius', 'chat', '{}', 20, 'message',
       false, true, false, true, 30, now(), now()
WHERE EXISTS (SELECT 1 FROM "character_category")
ON CONFLICT ("chat_model") DO NOTHING;
