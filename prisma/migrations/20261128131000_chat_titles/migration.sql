-- AlterTable
ALTER TABLE "chat_sessions" ADD COLUMN     "title" TEXT;
