import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";
import { UPLOADS_PAGE_SIZE, type UploadsPage } from "~/lib/uploads";
import { resetEnvForTests } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { getObject, putObject } from "~/modules/storage/storage.server";
import { action as uploadsApiAction, loader as uploadsApi } from "~/routes/api/uploads";
import { action as mediaAction, loader as mediaLoader } from "~/routes/dashboard/media";
import { action as deleteAction, loader as deleteLoader } from "~/routes/dashboard/media.delete";
import { confirmedAccount } from "../helpers/accounts";
import { load, pngFile, post } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";

databaseEmptiedBeforeEachTest();

async function person(email: string) {
  const account = await confirmedAccount(email);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

/** A row as an upload leaves it, with a small stored file behind it. */
async function storedUpload(userId: string, filename: string, mediaType = "image", minutesAgo = 0) {
  const privatePath = await putObject("uploads", `${userId}/${filename}-${minutesAgo}`, Buffer.from("bytes"));
  return prisma().upload.create({
    data: {
      userId,
      filename,
      mediaType,
      contentType: "image/png",
      bucket: "uploads",
      privatePath,
      size: 5,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  });
}

async function listed(query: string, cookie: string) {
  const { data } = await load(mediaLoader, `/dashboard/media?${query}`, cookie);
  return data as UploadsPage;
}

/** A minimal WAV file: a real audio file by its content. */
function wavFile(name = "voice.wav") {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + 8, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(8, 40);
  return new File([new Uint8Array(Buffer.concat([header, Buffer.alloc(8)]))], name, { type: "audio/wav" });
}

describe("My Media", () => {
  test("20 a page, newest first, by a case-insensitive part of the file name and by type, only the person's own", async () => {
    const ada = await person("ada@example.com");
    const bob = await person("bob@example.com");
    for (let minutes = 0; minutes < 22; minutes += 1) await storedUpload(ada.id, `Holiday-${minutes}.png`, "image", minutes);
    await storedUpload(ada.id, "song.wav", "audio", 30);
    await storedUpload(bob.id, "holiday-bob.png");

    const first = await listed("", ada.cookie);
    expect(first.uploads).toHaveLength(UPLOADS_PAGE_SIZE);
    expect(first.uploads[0]!.filename).toBe("Holiday-0.png");
    expect([first.total, first.pageCount]).toEqual([23, 2]);
    expect((await listed("page=2", ada.cookie)).uploads.map((upload) => upload.filename)).toEqual(["Holiday-20.png", "Holiday-21.png", "song.wav"]);
    expect((await listed("q=HOLIDAY-1", ada.cookie)).total).toBe(11);
    expect((await listed("type=audio", ada.cookie)).uploads.map((upload) => upload.filename)).toEqual(["song.wav"]);
    expect((await listed("q=holiday&type=audio", ada.cookie)).total).toBe(0);
    expect((await listed("q=bob", ada.cookie)).total).toBe(0);
  });

  test("a photo added to My Media is stored without its EXIF and GPS position", async () => {
    const ada = await person("ada@example.com");
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c84" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Ada" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await post(mediaAction, "/dashboard/media", ada.cookie, [
      ["intent", "upload"],
      ["file", new File([new Uint8Array(photo)], "trip.jpg", { type: "image/jpeg" })],
    ]);
    expect(answer).toRedirectTo("/dashboard/media", { toast: "media-added" });
    const upload = await prisma().upload.findFirstOrThrow({ where: { userId: ada.id } });
    const kept = (await getObject("uploads", upload.privatePath))!.body;
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect([upload.width, upload.height, upload.size]).toEqual([40, 30, kept.length]);
  });

  test("an image or an audio file is added by its content; anything else is refused with the reason", async () => {
    const ada = await person("ada@example.com");
    expect(
      await post(mediaAction, "/dashboard/media", ada.cookie, [
        ["intent", "upload"],
        ["file", await pngFile("me.png", 40, 30)],
      ]),
    ).toRedirectTo("/dashboard/media", { toast: "media-added" });
    const request = (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return uploadsApiAction(routeArgs(new Request("http://localhost/api/uploads", { method: "POST", headers: { Cookie: ada.cookie }, body: form })));
    };
    const audio = (await request(wavFile())) as Response;
    expect(audio.status).toBe(200);
    expect(await audio.json()).toMatchObject({ filename: "voice.wav", mediaType: "audio" });

    const fake = (await request(new File(["not a picture"], "fake.png", { type: "image/png" }))) as Response;
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ error: "Only images, videos and audio files can be added." });
    const refused = await post(mediaAction, "/dashboard/media", ada.cookie, [
      ["intent", "upload"],
      ["file", new File(["%PDF-1.4"], "doc.pdf")],
    ]);
    expect(refused).toMatchObject({ status: 400, data: { error: "Failed to add media: Only images, videos and audio files can be added." } });

    const rows = await prisma().upload.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.filename, row.mediaType, row.width, row.height])).toEqual([
      ["me.png", "image", 40, 30],
      ["voice.wav", "audio", null, null],
    ]);
  });

  test("a file that would take the person over their storage quota is refused", async () => {
    vi.stubEnv("CHAT_STORAGE_QUOTA_MB", "1");
    resetEnvForTests();
    try {
      const ada = await person("ada@example.com");
      await prisma().upload.create({
        data: {
          userId: ada.id,
          filename: "big.mp4",
          mediaType: "video",
          contentType: "video/mp4",
          bucket: "uploads",
          privatePath: `${ada.id}/big.mp4`,
          size: 1024 * 1024,
        },
      });
      const answer = await post(mediaAction, "/dashboard/media", ada.cookie, [
        ["intent", "upload"],
        ["file", await pngFile("me.png", 40, 30)],
      ]);
      expect(answer).toMatchObject({ status: 413 });
      expect(await prisma().upload.count()).toBe(1);
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });

  test("deleting removes the stored file first, then the row; someone else's upload answers 404", async () => {
    const ada = await person("ada@example.com");
    const bob = await person("bob@example.com");
    const upload = await storedUpload(ada.id, "cat.png");
    const params = { uploadId: upload.id };

    expect(await load(deleteLoader, `/dashboard/media/${upload.id}/delete`, bob.cookie, params)).toMatchObject({ status: 404 });
    expect(await post(deleteAction, `/dashboard/media/${upload.id}/delete`, bob.cookie, [["intent", "delete"]], params)).toMatchObject({ status: 404 });
    expect(await getObject("uploads", upload.privatePath)).not.toBeNull();

    expect(await post(deleteAction, `/dashboard/media/${upload.id}/delete`, ada.cookie, [["intent", "delete"]], params)).toRedirectTo("/dashboard/media", {
      toast: "media-deleted",
    });
    expect(await getObject("uploads", upload.privatePath)).toBeNull();
    expect(await prisma().upload.count()).toBe(0);
  });

  test("two deletes of one upload at once: one says it is deleted, the other finds it gone (404), none says it failed", async () => {
    const ada = await person("ada@example.com");
    const upload = await storedUpload(ada.id, "cat.png");
    const params = { uploadId: upload.id };
    const answers = await Promise.all([1, 2].map(() => post(deleteAction, `/dashboard/media/${upload.id}/delete`, ada.cookie, [["intent", "delete"]], params)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 404]);
    expect(answers.find((answer) => answer.status === 302)).toMatchObject({ location: "/dashboard/media?toast=media-deleted" });
    expect(await prisma().upload.count()).toBe(0);
  });

  test("the picker's list answers signed-in people only", async () => {
    const response = (await uploadsApi(routeArgs(new Request("http://localhost/api/uploads")))) as Response;
    expect(response.status).toBe(401);
  });
});
