-- AlterTable
ALTER TABLE "chat_models" ADD COLUMN     "accepts_images" BOOLEAN NOT NULL DEFAULT false;
