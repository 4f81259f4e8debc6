import { expect, test } from "vitest";
import type { MonthlyUsage } from "~/modules/account/usage.server";
import { loader as usageLoader } from "~/routes/dashboard/usage";
import { action as mediaAction } from "~/routes/dashboard/media";
import { putObject } from "~/modules/storage/storage.server";
import { prisma } from "~/modules/db/db.server";
import { confirmedAccount } from "../helpers/accounts";
import { load, pngFile, post } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";

databaseEmptiedBeforeEachTest();

test("Usage counts the media a person added and generated as stored files", async () => {
  const ada = await confirmedAccount("ada@example.com");
  const cookie = await signedInCookie(ada.id);
  const usage = async () => ((await load(usageLoader, "/dashboard/usage", cookie)).data as { usage: MonthlyUsage }).usage;
  expect((await usage()).storage).toEqual({ bytes: 0, files: 0 });

  const picture = await pngFile("me.png", 40, 30);
  expect(
    await post(mediaAction, "/dashboard/media", cookie, [
      ["intent", "upload"],
      ["file", picture],
    ]),
  ).toMatchObject({ status: 302 });
  const added = await prisma().upload.findFirstOrThrow();
  // A generated picture and its thumbnail, where generation stores them (gallery/{userId}/...).
  await putObject("gallery", `${ada.id}/picture.png`, Buffer.alloc(20_000), "image/png");
  await putObject("gallery", `${ada.id}/picture-300.webp`, Buffer.alloc(3_000), "image/webp");
  await prisma().galleryImage.create({ data: { userId: ada.id, requestId: "req-0", prompt: "fox", url: `${ada.id}/picture.png` } });

  const now = await usage();
  expect(now.storage).toEqual({ bytes: added.size + 23_000, files: 3 });
});
