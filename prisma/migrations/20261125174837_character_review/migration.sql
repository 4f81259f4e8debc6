-- CreateEnum
CREATE TYPE "CharacterReview" AS ENUM ('none', 'submitted', 'declined');

-- AlterTable
ALTER TABLE "characters" ADD COLUMN     "pending_changes" JSONB,
ADD COLUMN     "review" "CharacterReview" NOT NULL DEFAULT 'none',
ADD COLUMN     "review_note" TEXT,
ADD COLUMN     "submitted_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "characters_review_submitted_at_idx" ON "characters"("review", "submitted_at");
