-- AlterEnum
CREATE TYPE "MediaJobStatus_new" AS ENUM ('queued', 'submitted', 'completed', 'failed', 'cancelled');
ALTER TABLE "public"."media_jobs" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "media_jobs" ALTER COLUMN "status" TYPE "MediaJobStatus_new" USING ((CASE "status"::text WHEN 'running' THEN 'submitted' WHEN 'succeeded' THEN 'completed' ELSE "status"::text END)::"MediaJobStatus_new");
ALTER TYPE "MediaJobStatus" RENAME TO "MediaJobStatus_old";
ALTER TYPE "MediaJobStatus_new" RENAME TO "MediaJobStatus";
DROP TYPE "public"."MediaJobStatus_old";
ALTER TABLE "media_jobs" ALTER COLUMN "status" SET DEFAULT 'queued';

-- DropIndex
DROP INDEX "gallery_request_id_idx";

-- DropIndex
DROP INDEX "media_jobs_status_created_at_idx";

-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "media" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "media_job_id" UUID;

-- AlterTable
ALTER TABLE "gallery" ADD COLUMN     "character_id" UUID,
ADD COLUMN     "content_type" TEXT NOT NULL DEFAULT 'image/png',
ADD COLUMN     "duration" DOUBLE PRECISION,
ADD COLUMN     "media_type" TEXT NOT NULL DEFAULT 'image',
ADD COLUMN     "storage_path" TEXT,
ADD COLUMN     "thumbnail_path" TEXT;

-- AlterTable
ALTER TABLE "media_jobs" ADD COLUMN     "ai_platform" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "character_id" UUID,
ADD COLUMN     "chat_message_id" UUID,
ADD COLUMN     "chat_session_id" UUID,
ADD COLUMN     "cost_unit" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "deadline_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "model_id" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "next_check_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "provider_request_id" TEXT,
ADD COLUMN     "source_upload_id" UUID,
ADD COLUMN     "unit_cost" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "gallery_user_id_character_id_created_at_idx" ON "gallery"("user_id", "character_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "gallery_request_id_key" ON "gallery"("request_id");

-- CreateIndex
CREATE INDEX "media_jobs_status_next_check_at_idx" ON "media_jobs"("status", "next_check_at");

-- CreateIndex
CREATE INDEX "media_jobs_provider_request_id_idx" ON "media_jobs"("provider_request_id");

-- CreateIndex
CREATE INDEX "media_jobs_user_id_character_id_created_at_idx" ON "media_jobs"("user_id", "character_id", "created_at" DESC);

-- Jobs from before this migration had no deadline: the default above gave them one of now.
ALTER TABLE "media_jobs" ALTER COLUMN "deadline_at" DROP DEFAULT;
