import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { prisma } from "~/modules/db/db.server";
import { sqlClock } from "~/modules/db/sql.server";
import { logger } from "~/modules/logging/logger.server";
import type { BucketName } from "./paths";
import { getObject, putObject, thumbnailFolder } from "./storage.server";

/**
 * Thumbnails are rendered once and kept in the `thumbnails` bucket, which every instance shares
 * (decision 033). Concurrent first requests wait for one render: in this process they share its
 * promise, across instances the first to insert a row in `thumbnail_renders` renders while the
 * others wait for the row to go. A renderer that dies holds its row only RENDER_CLAIM_SECONDS.
 */

const RENDER_CLAIM_SECONDS = 30;
const WAIT_STEP_MS = 25;
const inFlight = new Map<string, Promise<Buffer>>();

/** Where a picture's thumbnail of one width is kept: under the picture's own path, named for its content (a replaced file misses). */
export function thumbnailPath(bucket: BucketName, objectPath: string, source: Buffer, width: number) {
  const digest = createHash("sha256").update(source).digest("hex").slice(0, 16);
  return `${thumbnailFolder(bucket, objectPath)}/${width}-${digest}.webp`;
}

/** The thumbnail kept at `path`, rendered by `render` only when no instance has kept or is rendering it. */
export function thumbnailOnce(path: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let pending = inFlight.get(path);
  if (!pending) {
    pending = keptOrRendered(path, render).finally(() => inFlight.delete(path));
    inFlight.set(path, pending);
  }
  return pending;
}

async function keptOrRendered(path: string, render: () => Promise<Buffer>): Promise<Buffer> {
  for (;;) {
    const kept = await getObject("thumbnails", path);
    if (kept) return kept.body;
    if (await claimRender(path)) {
      try {
        // Another instance may have kept it between the look and the claim.
        const keptMeanwhile = await getObject("thumbnails", path);
        if (keptMeanwhile) return keptMeanwhile.body;
        const thumbnail = await render();
        await putObject("thumbnails", path, thumbnail, "image/webp");
        return thumbnail;
      } finally {
        await releaseRender(path);
      }
    }
    await renderedElsewhere(path);
  }
}

async function claimRender(path: string) {
  const rows = await prisma().$queryRaw<{ key: string }[]>`
    INSERT INTO thumbnail_renders (key, claimed_until) VALUES (${path}, ${sqlClock} + ${RENDER_CLAIM_SECONDS} * interval '1 second')
    ON CONFLICT (key) DO UPDATE SET claimed_until = EXCLUDED.claimed_until WHERE thumbnail_renders.claimed_until <= ${sqlClock}
    RETURNING key`;
  return rows.length > 0;
}

async function releaseRender(path: string) {
  await prisma().$executeRaw`DELETE FROM thumbnail_renders WHERE key = ${path}`.catch((error: unknown) =>
    logger.warn({ err: error, path }, "could not let go of a thumbnail render"),
  );
}

/** Waits while another instance renders the thumbnail: until its row is gone or its claim has passed. */
async function renderedElsewhere(path: string) {
  for (;;) {
    const [row] = await prisma().$queryRaw<{ busy: boolean }[]>`
      SELECT claimed_until > ${sqlClock} AS busy FROM thumbnail_renders WHERE key = ${path}`;
    if (!row?.busy) return;
    await sleep(WAIT_STEP_MS);
  }
}
