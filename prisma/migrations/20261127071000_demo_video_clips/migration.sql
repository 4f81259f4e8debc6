-- The offline demo video model answers with a short clip shipped with the app, picked by the
-- prompt (decision 029): its description says so, unless an admin has written their own.
UPDATE "chat_models"
SET "description" = 'Built-in offline demo: a short clip picked by the prompt, no API key needed.'
WHERE "chat_model" = 'Demo Video (offline)'
  AND "description" = 'Built-in offline demo: a short animation drawn from the prompt, no API key needed.';
