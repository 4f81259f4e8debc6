-- AlterTable
ALTER TABLE "media_jobs" ADD COLUMN     "sets_avatar" BOOLEAN NOT NULL DEFAULT false;
