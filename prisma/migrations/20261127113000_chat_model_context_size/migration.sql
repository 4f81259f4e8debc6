-- A chat model's context window in tokens, set by an admin: a reply's prompt is trimmed to fit it,
-- oldest history first (docs/chat.md). Null: no bound beyond the history's message count.
ALTER TABLE "chat_models" ADD COLUMN "context_tokens" INTEGER;
