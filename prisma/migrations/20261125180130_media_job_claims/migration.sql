-- AlterTable
ALTER TABLE "media_jobs" ADD COLUMN     "claimed_until" TIMESTAMP(3),
ADD COLUMN     "nudged" BOOLEAN NOT NULL DEFAULT false;
