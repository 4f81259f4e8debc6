-- AlterTable
ALTER TABLE "chat_sessions" ADD COLUMN     "reply_until" TIMESTAMP(3);
