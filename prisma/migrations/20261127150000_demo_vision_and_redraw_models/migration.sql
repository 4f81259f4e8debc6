-- Vision and Design work offline (decision 034): an installation seeded before them gets the demo
-- model that reads a picture (a chat model that accepts images) and the demo model that redraws
-- one (an image model that accepts images: image-to-image), published, as the other demo models
-- are. A new database has no catalogue yet at this point: the seed adds them.
INSERT INTO "chat_models" ("id", "chat_model", "model_id", "description", "ai_platform", "model_type", "settings", "cost_tokens", "cost_unit",
                           "is_published", "is_stream", "is_webhook", "accepts_images", "weight", "created_at", "updated_at")
SELECT gen_random_uuid(), model.name, model.model_id, model.description, 'demo', model.type, model.settings::jsonb, model.cost, model.unit,
       true, model.stream, false, true, 5, now(), now()
FROM (VALUES
  ('Demo Vision (offline)', 'demo-vision', 'Built-in offline demo: reads a picture''s size and main colour for Vision, no API key needed.', 'chat',
   '{}', 5, 'message', true),
  ('Demo Redraw (offline)', 'demo-redraw', 'Built-in offline demo: redraws a picture in new colours (image-to-image, for Design), no API key needed.', 'image',
   '{"image_size":["square_hd","square","portrait_4_3","landscape_4_3"],"num_images":[1]}', 10, '1_file', false)
) AS model(name, model_id, description, type, settings, cost, unit, stream)
WHERE EXISTS (SELECT 1 FROM "character_category")
ON CONFLICT ("chat_model") DO NOTHING;
