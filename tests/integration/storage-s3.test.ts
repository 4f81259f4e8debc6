import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Driver } from "~/modules/storage/drivers.server";
import { folderUsage, getObject, listObjects, putObject, removeObject, useStorageDriverForTests } from "~/modules/storage/storage.server";
import { prisma } from "~/modules/db/db.server";
import { removeScheduledFiles, scheduleFileRemovals } from "~/modules/storage/removals.server";
import { startFakeS3 } from "../fakes/s3-server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  // Small pages, so that counting a folder has to follow the continuation.
  s3 = await startFakeS3({ listPageSize: 2 });
  useStorageDriverForTests(s3Driver({ bucket: "cv-files", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "test", secretAccessKey: "test-secret" }));
});
afterAll(async () => {
  useStorageDriverForTests(undefined);
  await s3.close();
  await db.dispose();
});

describe("the S3 storage driver", () => {
  it("stores each app bucket under its prefix in the one S3 bucket, with signed requests", async () => {
    const path = await putObject("avatars", "//user-7//face.png/", Buffer.from("png-bytes"), "image/png");
    expect(path).toBe("user-7/face.png");
    expect(s3.objects.get("/cv-files/avatars/user-7/face.png")).toEqual({ body: Buffer.from("png-bytes"), contentType: "image/png" });
    expect(s3.requests.every((request) => request.signed)).toBe(true);
  });

  it("reads back what it stored, and answers null for a missing key", async () => {
    await putObject("uploads", "u/1/notes.txt", Buffer.from("hello"), "text/plain");
    expect(await getObject("uploads", "u/1/notes.txt")).toEqual({ body: Buffer.from("hello"), contentType: "text/plain" });
    expect(await getObject("uploads", "u/1/absent.txt")).toBeNull();
  });

  it("removes objects", async () => {
    await putObject("banners", "banners/a.webp", Buffer.from("x"), "image/webp");
    await removeObject("banners", "banners/a.webp");
    expect(await getObject("banners", "banners/a.webp")).toBeNull();
  });

  it("counts the bytes and files under a folder, page after page, and nothing of a folder whose name only starts alike", async () => {
    for (const [path, size] of [
      ["user-9/a/one.png", 10],
      ["user-9/b/two.pdf", 200],
      ["user-9/c/three.txt", 3_000],
      ["user-90/d/other.png", 7],
    ] as const) {
      await putObject("chats", path, Buffer.alloc(size), "application/octet-stream");
    }
    expect(await folderUsage("chats", "user-9")).toEqual({ bytes: 3_210, files: 3 });
    expect(await folderUsage("chats", "nobody")).toEqual({ bytes: 0, files: 0 });
  });

  it("lists every object of a bucket, page after page, with its size and when it was written", async () => {
    const before = Date.now() - 1000;
    await putObject("chats", "user-7/x/listed.txt", Buffer.alloc(5), "text/plain");
    const listed = await listObjects("chats");
    expect(listed.map((entry) => entry.path)).toEqual(expect.arrayContaining(["user-7/x/listed.txt", "user-9/a/one.png", "user-90/d/other.png"]));
    expect(listed.every((entry) => !entry.path.startsWith("chats/"))).toBe(true);
    const entry = listed.find((each) => each.path === "user-7/x/listed.txt")!;
    expect(entry.bytes).toBe(5);
    expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect((await listObjects("chats", "user-7")).map((each) => each.path)).toEqual(["user-7/x/listed.txt"]);
  });

  it("removes a scheduled folder, page after page, but for the objects kept and a folder whose name only starts alike", async () => {
    for (const path of ["gone-1/a.png", "gone-1/b/c.png", "gone-1/d.png", "gone-1/kept.webp", "gone-10/other.png"]) {
      await putObject("avatars", path, Buffer.from("x"), "image/png");
    }
    const ids = await scheduleFileRemovals(prisma(), [{ bucket: "avatars", path: "gone-1", folder: true, keep: ["gone-1/kept.webp"] }]);
    expect(await removeScheduledFiles(ids)).toBe(1);
    expect((await listObjects("avatars", "gone-1")).map((entry) => entry.path)).toEqual(["gone-1/kept.webp"]);
    expect(await getObject("avatars", "gone-10/other.png")).not.toBeNull();
    expect(await prisma().fileRemoval.count()).toBe(0);
  });
});
