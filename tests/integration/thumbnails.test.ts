import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { localDiskDriver, type StorageDriver } from "~/modules/storage/drivers.server";
import { contentTypeForPath } from "~/modules/storage/paths";
import { getObject, listObjects, putObject, removeObject, signedUrl, useStorageDriverForTests } from "~/modules/storage/storage.server";
import { thumbnailPath } from "~/modules/storage/thumbnail-cache.server";
import { loader as thumbnailLoader } from "~/routes/api/thumbnail";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";

/**
 * A thumbnail is rendered once however many ask for it first (decision 033): in one process they
 * share the render, across instances the first to claim it renders and the others wait for what it
 * keeps. Renders are counted as the thumbnails written to storage.
 */

let db: TestDatabase;
let root: string;
let thumbnailWrites: number;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  useStorageDriverForTests(undefined);
  await db.dispose();
});
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "cv-thumbnails-"));
  thumbnailWrites = 0;
  const disk = localDiskDriver(root, contentTypeForPath);
  const counting: StorageDriver = {
    ...disk,
    async put(bucket, objectPath, body, contentType) {
      if (bucket === "thumbnails") thumbnailWrites++;
      await disk.put(bucket, objectPath, body, contentType);
    },
  };
  useStorageDriverForTests(counting);
});

async function picture(objectPath: string) {
  const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  await putObject("uploads", objectPath, bytes);
  return bytes;
}

async function askForThumbnail(link: string, width = 300) {
  const url = new URL(link, "http://localhost");
  url.searchParams.set("w", String(width));
  const [, , bucket, ...rest] = url.pathname.split("/");
  return (await thumbnailLoader(routeArgs(new Request(url), { params: { bucket, "*": rest.map(decodeURIComponent).join("/") } }))) as Response;
}

describe("thumbnails", () => {
  test("a card's sharp-screen thumbnail is 600 by 800, and a width off the list is refused", async () => {
    await picture("ada/card.png");
    const link = signedUrl("uploads", "ada/card.png");
    const large = await askForThumbnail(link, 600);
    expect(large.status).toBe(200);
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 600, height: 800 });
    expect((await askForThumbnail(link, 640)).status).toBe(400);
  });

  test("twenty first requests at once are rendered once, and later ones are answered from what was kept", async () => {
    await picture("ada/holiday.png");
    const link = signedUrl("uploads", "ada/holiday.png");
    const answers = await Promise.all(Array.from({ length: 20 }, () => askForThumbnail(link)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer()).toString("base64")));
    expect(new Set(bodies).size).toBe(1);
    expect(await sharp(Buffer.from(bodies[0]!, "base64")).metadata()).toMatchObject({ format: "webp", width: 300, height: 400 });
    expect(thumbnailWrites).toBe(1);

    expect((await askForThumbnail(link)).status).toBe(200);
    expect((await askForThumbnail(link, 150)).status).toBe(200);
    expect(thumbnailWrites).toBe(2);
  });

  test("while another instance renders a thumbnail, a request waits for what it keeps and renders nothing itself", async () => {
    const bytes = await picture("ada/portrait.png");
    const kept = thumbnailPath("uploads", "ada/portrait.png", bytes, 300);
    await prisma().thumbnailRender.create({ data: { key: kept, claimedUntil: new Date(Date.now() + 30_000) } });
    let answered = false;
    const asking = askForThumbnail(signedUrl("uploads", "ada/portrait.png")).finally(() => (answered = true));
    await sleep(200);
    expect(answered).toBe(false);

    // The other instance keeps its render, then lets go of its claim.
    const theirs = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#f00" } })
      .webp()
      .toBuffer();
    await putObject("thumbnails", kept, theirs, "image/webp");
    await prisma().thumbnailRender.delete({ where: { key: kept } });
    const answer = await asking;
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(theirs)).toBe(true);
    expect(thumbnailWrites).toBe(1);
  });

  test("a render whose instance stopped is taken over once its claim has passed", async () => {
    const bytes = await picture("ada/stopped.png");
    const kept = thumbnailPath("uploads", "ada/stopped.png", bytes, 300);
    await prisma().thumbnailRender.create({ data: { key: kept, claimedUntil: new Date(Date.now() - 1000) } });
    const answer = await askForThumbnail(signedUrl("uploads", "ada/stopped.png"));
    expect(answer.status).toBe(200);
    expect(thumbnailWrites).toBe(1);
    expect(await getObject("thumbnails", kept)).not.toBeNull();
    expect(await prisma().thumbnailRender.count()).toBe(0);
  });

  test("a file that is no picture answers 415 and leaves no claim behind", async () => {
    await putObject("uploads", "ada/not-a-picture.png", Buffer.from("plain text"));
    const answers = await Promise.all([1, 2, 3].map(() => askForThumbnail(signedUrl("uploads", "ada/not-a-picture.png"))));
    expect(answers.map((answer) => answer.status)).toEqual([415, 415, 415]);
    expect(thumbnailWrites).toBe(0);
    expect(await prisma().thumbnailRender.count()).toBe(0);
  });

  test("a picture over the pixel limit answers 415 without being decoded, renders nothing and leaves no claim behind", async () => {
    // A 1 × 1 PNG whose header says 20,000 × 20,000 (400 megapixels): sharp refuses it by its header.
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await putObject("uploads", "ada/huge.png", png);
    const answers = await Promise.all([1, 2].map(() => askForThumbnail(signedUrl("uploads", "ada/huge.png"))));
    expect(answers.map((answer) => answer.status)).toEqual([415, 415]);
    expect(thumbnailWrites).toBe(0);
    expect(await prisma().thumbnailRender.count()).toBe(0);
  });

  test("a picture's kept thumbnails go when the picture is removed, and its thumbnails cannot be asked for by their own path", async () => {
    await picture("ada/gone.png");
    const link = signedUrl("uploads", "ada/gone.png");
    await askForThumbnail(link);
    await askForThumbnail(link, 1024);
    const [kept] = await listObjects("thumbnails", "uploads/ada/gone.png");
    expect(kept).toBeDefined();
    expect((await askForThumbnail(signedUrl("thumbnails", kept!.path))).status).toBe(404);

    await removeObject("uploads", "ada/gone.png");
    expect(await listObjects("thumbnails", "uploads/ada/gone.png")).toEqual([]);
    expect((await askForThumbnail(link)).status).toBe(404);
  });
});
