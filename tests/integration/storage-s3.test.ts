import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Driver } from "~/modules/storage/drivers.server";
import { getObject, putObject, removeObject, useStorageDriverForTests } from "~/modules/storage/storage.server";
import { startFakeS3 } from "../fakes/s3-server";

let s3: Awaited<ReturnType<typeof startFakeS3>>;

beforeAll(async () => {
  s3 = await startFakeS3();
  useStorageDriverForTests(s3Driver({ bucket: "cv-files", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "test", secretAccessKey: "test-secret" }));
});
afterAll(async () => {
  useStorageDriverForTests(undefined);
  await s3.close();
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
});
