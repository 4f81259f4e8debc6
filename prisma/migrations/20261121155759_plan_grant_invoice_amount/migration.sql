-- AlterTable
ALTER TABLE "plan_token_grants" ADD COLUMN     "amount_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'usd';
