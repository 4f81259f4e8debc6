-- AlterTable
ALTER TABLE "users" ADD COLUMN     "language" TEXT,
ADD COLUMN     "reply_in_language" BOOLEAN NOT NULL DEFAULT true;
