-- Media jobs take turns (decision 033): a job remembers whether its person's plan had priority when
-- it was started, and is timed from when a worker takes it rather than from when it was started.
ALTER TABLE "media_jobs" ADD COLUMN "priority" BOOLEAN NOT NULL DEFAULT false;

-- A thumbnail one instance is rendering: the others wait for it instead of rendering it again.
CREATE TABLE "thumbnail_renders" (
    "key" TEXT NOT NULL,
    "claimed_until" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "thumbnail_renders_pkey" PRIMARY KEY ("key")
);
