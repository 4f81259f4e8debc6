-- A plan's perks become settings the server enforces (docs/plans.md): conversation memory,
-- priority for media jobs, early access to models marked so, and which requests a chat accepts.
-- The defaults keep what every plan could do before; the seeded plans set their own.
ALTER TABLE "plans" ADD COLUMN "memory_messages" INTEGER NOT NULL DEFAULT 10;
ALTER TABLE "plans" ADD COLUMN "priority" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "plans" ADD COLUMN "early_access" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "plans" ADD COLUMN "chat_pictures" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "plans" ADD COLUMN "chat_videos" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "plans" ADD COLUMN "chat_voice" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "chat_models" ADD COLUMN "early_access" BOOLEAN NOT NULL DEFAULT false;
