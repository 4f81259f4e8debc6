-- AlterTable
ALTER TABLE "characters" ADD COLUMN     "alternate_greetings" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "character_book" JSONB,
ADD COLUMN     "creator" TEXT,
ADD COLUMN     "creator_notes" TEXT,
ADD COLUMN     "mes_example" TEXT,
ADD COLUMN     "post_history_instructions" TEXT;

-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "alternatives" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "selected_alternative" INTEGER NOT NULL DEFAULT 0;
