import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { startGeneration } from "~/modules/media/jobs.server";
import { localDiskDriver, type StorageDriver } from "~/modules/storage/drivers.server";
import { contentTypeForPath } from "~/modules/storage/paths";
import { getObject, putObject, useStorageDriverForTests } from "~/modules/storage/storage.server";
import { thumbnailPath } from "~/modules/storage/thumbnail-cache.server";
import { loader as thumbnailLoader } from "~/routes/api/thumbnail";
import { expectTokensSettled, jobEnded, personWith500Tokens, startMediaSuite } from "../helpers/media";
import { routeArgs } from "../helpers/route-args";

/**
 * A generated picture's thumbnail is not made when its job completes but when it is first asked
 * for (decision 039), once however many ask at once, and answered from storage after that.
 * Renders are counted as the thumbnails written to storage.
 */

let suite: Awaited<ReturnType<typeof startMediaSuite>>;
let thumbnailWrites = 0;

beforeAll(async () => {
  suite = await startMediaSuite();
  const disk = localDiskDriver(await fs.mkdtemp(path.join(os.tmpdir(), "cv-media-thumbnails-")), contentTypeForPath);
  const counting: StorageDriver = {
    ...disk,
    async put(bucket, objectPath, body, contentType) {
      if (bucket === "thumbnails") thumbnailWrites++;
      await disk.put(bucket, objectPath, body, contentType);
    },
  };
  useStorageDriverForTests(counting);
});
afterAll(async () => {
  useStorageDriverForTests(undefined);
  await suite.stop();
});
beforeEach(() => {
  thumbnailWrites = 0;
});

async function askForThumbnail(link: string) {
  const url = new URL(link, "http://localhost");
  const [, , bucket, ...rest] = url.pathname.split("/");
  return (await thumbnailLoader(routeArgs(new Request(url), { params: { bucket, "*": rest.map(decodeURIComponent).join("/") } }))) as Response;
}

describe("a generated picture's thumbnail", () => {
  test("is rendered on its first request, once for five at once, and answered from storage after that", async () => {
    const userId = await personWith500Tokens();
    const started = await startGeneration({ userId, modelId: "FLUX.1 [schnell]", prompt: "A heron at dawn", settings: { image_size: "square_hd" } });
    const job = await jobEnded(userId, started.jobId);
    expect(job.status).toBe("completed");
    await expectTokensSettled(userId);
    expect(thumbnailWrites).toBe(0);

    const link = job.items[0]!.thumbnailUrl!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => askForThumbnail(link)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.headers.get("Content-Type")).toBe("image/webp");
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer()).toString("base64")));
    expect(new Set(bodies).size).toBe(1);
    expect(await sharp(Buffer.from(bodies[0]!, "base64")).metadata()).toMatchObject({ format: "webp", width: 300, height: 400 });
    expect(thumbnailWrites).toBe(1);

    // What is kept is what later requests get: replaced in storage, the replacement is answered.
    const row = await prisma().galleryImage.findFirstOrThrow({ where: { jobId: started.jobId } });
    const picture = await getObject("gallery", row.storagePath!);
    const kept = thumbnailPath("gallery", row.storagePath!, picture!.body, 300);
    const marker = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#f00" } })
      .webp()
      .toBuffer();
    await putObject("thumbnails", kept, marker, "image/webp");
    const later = await askForThumbnail(link);
    expect(later.status).toBe(200);
    expect(Buffer.from(await later.arrayBuffer()).equals(marker)).toBe(true);
    expect(thumbnailWrites).toBe(2);
  });
});
