-- AlterTable
ALTER TABLE "ticket_replies" ADD COLUMN     "from_staff" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "tickets" ADD COLUMN     "awaiting_staff" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "last_activity_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "person_read_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "staff_replied_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "tickets_awaiting_staff_last_activity_at_idx" ON "tickets"("awaiting_staff", "last_activity_at" DESC);

-- Tickets from before: active since they were sent, waiting for staff unless finished.
UPDATE "tickets" SET "last_activity_at" = "created_at", "person_read_at" = "created_at",
  "awaiting_staff" = "status" IN ('pending', 'in_progress');
