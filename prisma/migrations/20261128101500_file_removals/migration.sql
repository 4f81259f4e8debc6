-- Stored files whose rows are gone (a deleted account's, a picture made private): recorded in the
-- transaction that drops the rows, so a crash before the files are removed leaves them to the sweep.
CREATE TABLE "file_removals" (
    "id" UUID NOT NULL,
    "bucket" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "is_folder" BOOLEAN NOT NULL DEFAULT false,
    "keep" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_removals_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "file_removals_created_at_idx" ON "file_removals"("created_at");
