-- An installation seeded before media jobs gets the starter media models: for video, audio and music
-- one offline demo model (published: it needs no key) and one fal model (unpublished and unedited,
-- equal timestamps, so the next start publishes it once FAL_KEY is set). A new database has no
-- catalogue yet at this point: the seed adds them.
INSERT INTO "chat_models" ("id", "chat_model", "model_id", "description", "ai_platform", "model_type", "settings", "cost_tokens", "cost_unit",
                           "is_published", "is_stream", "is_webhook", "accepts_images", "weight", "created_at", "updated_at")
SELECT gen_random_uuid(), model.name, model.model_id, model.description, model.platform, model.type, model.settings::jsonb, model.cost, model.unit,
       model.platform = 'demo', false, false, false, model.weight, now(), now()
FROM (VALUES
  ('Demo Video (offline)', 'demo-video', 'Built-in offline demo: a short animation drawn from the prompt, no API key needed.', 'demo', 'video',
   '{"duration":[5,10]}', 10, '5_seconds', 10),
  ('Kling 1.6 Video', 'fal-ai/kling-video/v1.6/standard/text-to-video', 'Kling 1.6 standard on fal.ai: text-to-video clips of 5 or 10 seconds.', 'fal', 'video',
   '{"duration":["5","10"],"aspect_ratio":["16:9","9:16","1:1"]}', 60, '5_seconds', 100),
  ('Demo Audio (offline)', 'demo-audio', 'Built-in offline demo: a short tone sequence from the prompt, no API key needed.', 'demo', 'audio',
   '{"duration":[5,8]}', 5, '1_file', 10),
  ('MMAudio V2', 'fal-ai/mmaudio-v2/text-to-audio', 'MMAudio V2 on fal.ai: sound effects and ambience from a description.', 'fal', 'audio',
   '{"duration":[8,4,10]}', 10, '1_file', 100),
  ('Demo Music (offline)', 'demo-music', 'Built-in offline demo: a short melody from the prompt, no API key needed.', 'demo', 'music',
   '{"duration":[5,10]}', 5, '5_seconds', 10),
  ('Stable Audio', 'fal-ai/stable-audio', 'Stable Audio Open on fal.ai: music and loops up to a minute.', 'fal', 'music',
   '{"seconds_total":[30,10,60]}', 10, '5_seconds', 100)
) AS model(name, model_id, description, platform, type, settings, cost, unit, weight)
WHERE EXISTS (SELECT 1 FROM "character_category")
ON CONFLICT ("chat_model") DO NOTHING;
