import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { characterFormTexts } from "~/lib/character-form";
import { imageTooLargeText } from "~/lib/limits";
import { prisma } from "~/modules/db/db.server";
import { listObjects } from "~/modules/storage/storage.server";
import { action as chatUploadAction } from "~/routes/api/chat.uploads";
import { action as uploadsAction } from "~/routes/api/uploads";
import { action as newBannerAction } from "~/routes/admin/banners.new";
import { action as createAction } from "~/routes/create/index";
import { action as settingsAction } from "~/routes/dashboard/settings";
import { confirmedAccount } from "../helpers/accounts";
import { post, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics } from "../helpers/characters";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";

/**
 * A picture past IMAGE_MAX_PIXELS is refused where people send pictures, before anything decodes
 * it: a 99-byte PNG that declares 20,000 × 20,000 pixels (a decompression bomb) answers 4xx with
 * the limit, and nothing is stored.
 */

databaseEmptiedBeforeEachTest();

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A tiny, well-formed PNG header declaring 20,000 × 20,000 grey pixels. */
function pictureBomb(name = "bomb.png") {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), default compression, filter and interlace
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(20_001))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

async function person() {
  const account = await confirmedAccount(`pixels.${Date.now()}@example.com`);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

function postFile(action: (args: never) => Promise<unknown>, url: string, cookie: string, fields: Record<string, File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return action(routeArgs(new Request(`http://localhost${url}`, { method: "POST", headers: { Cookie: cookie }, body })) as never) as Promise<Response>;
}

describe("a picture with too many pixels", () => {
  test("is refused by My Media with 413 and the limit, and nothing is stored", async () => {
    const ada = await person();
    const answer = await postFile(uploadsAction, "/api/uploads", ada.cookie, { file: pictureBomb() });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: imageTooLargeText });
    expect(await prisma().upload.count()).toBe(0);
    expect(await listObjects("uploads", ada.id)).toEqual([]);
  });

  test("is refused as a chat attachment with 413 and the limit, and nothing is stored", async () => {
    const ada = await person();
    const answer = await postFile(chatUploadAction, "/api/chat/uploads", ada.cookie, { file: pictureBomb() });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: imageTooLargeText });
    expect(await listObjects("chats", ada.id)).toEqual([]);
  });

  test("is refused as an avatar with 413 and the limit, and the avatar stays as it was", async () => {
    const ada = await person();
    const answer = await post(settingsAction, "/dashboard/settings", ada.cookie, [
      ["intent", "avatar"],
      ["avatar", pictureBomb()],
    ]);
    expect(answer).toMatchObject({ status: 413, data: { error: `Failed to upload avatar: ${imageTooLargeText}` } });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: ada.id } })).avatarUrl).toBeNull();
    expect(await listObjects("avatars", ada.id)).toEqual([]);
  });

  test("is refused as a character's picture with its field's text, and no character or file is stored", async () => {
    await characterFormBasics();
    const maker = await person();
    const answer = await post(createAction, "/create", maker.cookie, characterForm("create", {}, [["avatar", pictureBomb()]]));
    expect(answer).toMatchObject({ status: 400, data: { error: `${characterFormTexts.uploadFailed}: ${imageTooLargeText}` } });
    expect(await prisma().character.count()).toBe(0);
    expect(await listObjects("avatars")).toEqual([]);
  });

  test("is refused as a banner picture with the limit, and no banner or file is stored", async () => {
    const admin = await signedInAdmin();
    const answer = await post(newBannerAction, "/admin/banners/new", admin.cookie, [
      ["intent", "create"],
      ["title", "Too big"],
      ["description", ""],
      ["ctaTitle", "Explore"],
      ["ctaUrl", "/explore"],
      ["startAt", ""],
      ["isPublished", "on"],
      ["image", pictureBomb()],
    ]);
    expect(answer).toMatchObject({ status: 400, data: { fields: { image: imageTooLargeText } } });
    expect(await prisma().banner.count()).toBe(0);
    const files = await fs.readdir(path.join(process.env.DATA_DIR!, "storage", "banners"), { recursive: true }).catch(() => []);
    expect(files.filter((file) => String(file).endsWith(".webp"))).toEqual([]);
  });
});
