-- AlterTable
ALTER TABLE "characters" ADD COLUMN     "card_extras" JSONB;
