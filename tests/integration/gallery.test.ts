import { describe, expect, test } from "vitest";
import type { GalleryPage } from "~/lib/gallery";
import { prisma } from "~/modules/db/db.server";
import { getObject, putObject } from "~/modules/storage/storage.server";
import { loader as galleryApi } from "~/routes/api/gallery";
import { action as deleteAction, loader as deleteLoader } from "~/routes/gallery.delete";
import { action as generateAction, loader as generateLoader } from "~/routes/generate";
import { confirmedAccount } from "../helpers/accounts";
import { load, post } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";

databaseEmptiedBeforeEachTest();

async function person(email: string) {
  const account = await confirmedAccount(email);
  return { id: account.id, cookie: await signedInCookie(account.id) };
}

/** A finished picture of `userId`'s in the gallery, `minutesAgo` old, stored in the gallery bucket. */
async function galleryImage(userId: string, { prompt = "a red fox", isPublic = false, minutesAgo = 0 } = {}) {
  const path = await putObject("gallery", `${userId}/${prompt.replaceAll(" ", "-")}-${minutesAgo}.png`, Buffer.from("png"), "image/png");
  return prisma().galleryImage.create({
    data: { userId, requestId: `req-${prompt}-${minutesAgo}-0`, prompt, url: path, isPublic, createdAt: new Date(Date.now() - minutesAgo * 60_000) },
  });
}

async function galleryPage(query: string, cookie = "") {
  const response = (await galleryApi(routeArgs(new Request(`http://localhost/api/gallery?${query}`, { headers: { Cookie: cookie } })))) as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as GalleryPage;
}

const prompts = (page: GalleryPage) => page.items.map((item) => item.prompt);

describe("the gallery's filters (spec section 6)", () => {
  test("All shows the person's own items and public ones, Mine only theirs, Public only public ones", async () => {
    const ada = await person("ada@example.com");
    const bob = await person("bob@example.com");
    await galleryImage(ada.id, { prompt: "ada private", minutesAgo: 4 });
    await galleryImage(ada.id, { prompt: "ada public", isPublic: true, minutesAgo: 3 });
    await galleryImage(bob.id, { prompt: "bob private", minutesAgo: 2 });
    await galleryImage(bob.id, { prompt: "bob public", isPublic: true, minutesAgo: 1 });

    expect(prompts(await galleryPage("filter=all", ada.cookie))).toEqual(["bob public", "ada public", "ada private"]);
    expect(prompts(await galleryPage("filter=mine", ada.cookie))).toEqual(["ada public", "ada private"]);
    expect(prompts(await galleryPage("filter=public", ada.cookie))).toEqual(["bob public", "ada public"]);
    // Signed out, every filter shows public items only, and Mine is not offered.
    expect(prompts(await galleryPage("filter=mine"))).toEqual(["bob public", "ada public"]);
    expect((await galleryPage("filter=all", ada.cookie)).items.map((item) => item.mine)).toEqual([false, true, true]);
  });

  test("10 a page, newest first; Load More without JavaScript shows every page up to the one asked for", async () => {
    const ada = await person("ada@example.com");
    for (let minutes = 0; minutes < 23; minutes += 1) await galleryImage(ada.id, { prompt: `picture ${minutes}`, minutesAgo: minutes });

    const first = await galleryPage("filter=mine&page=1", ada.cookie);
    expect(prompts(first)).toEqual(Array.from({ length: 10 }, (_, index) => `picture ${index}`));
    expect(first.hasMore).toBe(true);
    const third = await galleryPage("filter=mine&page=3", ada.cookie);
    expect(prompts(third)).toEqual(["picture 20", "picture 21", "picture 22"]);
    expect(third.hasMore).toBe(false);

    const { data } = await load(generateLoader, "/generate?filter=mine&page=2", ada.cookie);
    const page = (data as { gallery: GalleryPage }).gallery;
    expect(page.items).toHaveLength(20);
    expect(page.hasMore).toBe(true);
  });
});

describe("owner-only actions", () => {
  test("the owner makes an item public and private again, with the spec's toasts", async () => {
    const ada = await person("ada@example.com");
    const image = await galleryImage(ada.id);
    const toggle = (value: string) =>
      post(generateAction, "/generate", ada.cookie, [
        ["intent", "set-public"],
        ["imageId", image.id],
        ["public", value],
        ["returnTo", "/generate?filter=mine"],
      ]);

    expect(await toggle("true")).toRedirectTo("/generate?filter=mine", { toast: "image-public" });
    expect((await galleryPage("filter=public")).items.map((item) => item.id)).toEqual([image.id]);
    expect(await toggle("false")).toRedirectTo("/generate?filter=mine", { toast: "image-private" });
    expect((await galleryPage("filter=public")).items).toEqual([]);
  });

  test("the owner deletes an item: its file is removed, then its row", async () => {
    const ada = await person("ada@example.com");
    const image = await galleryImage(ada.id);
    expect(await getObject("gallery", image.url)).not.toBeNull();

    expect(await load(deleteLoader, `/gallery/${image.id}/delete`, ada.cookie, { imageId: image.id })).toMatchObject({ status: 200 });
    const answer = await post(
      deleteAction,
      `/gallery/${image.id}/delete`,
      ada.cookie,
      [
        ["intent", "delete"],
        ["returnTo", "/generate?filter=mine"],
      ],
      { imageId: image.id },
    );
    expect(answer).toRedirectTo("/generate?filter=mine", { toast: "image-deleted" });
    expect(await getObject("gallery", image.url)).toBeNull();
    expect(await prisma().galleryImage.count()).toBe(0);
  });

  test("two deletes of one item at once: one says it is deleted, the other finds it gone (404), none says it failed", async () => {
    const ada = await person("ada@example.com");
    const image = await galleryImage(ada.id);
    const params = { imageId: image.id };
    const answers = await Promise.all([1, 2].map(() => post(deleteAction, `/gallery/${image.id}/delete`, ada.cookie, [["intent", "delete"]], params)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 404]);
    expect(answers.find((answer) => answer.status === 302)).toMatchObject({ location: expect.stringContaining("toast=image-deleted") });
    expect(await prisma().galleryImage.count()).toBe(0);
  });

  test("someone else's item, public or private, answers 404 to every action and changes nothing", async () => {
    const ada = await person("ada@example.com");
    const bob = await person("bob@example.com");
    const shown = await galleryImage(ada.id, { prompt: "public", isPublic: true });
    const hidden = await galleryImage(ada.id, { prompt: "private", minutesAgo: 1 });

    for (const image of [shown, hidden]) {
      const params = { imageId: image.id };
      expect(await load(deleteLoader, `/gallery/${image.id}/delete`, bob.cookie, params)).toMatchObject({ status: 404 });
      expect(await post(deleteAction, `/gallery/${image.id}/delete`, bob.cookie, [["intent", "delete"]], params)).toMatchObject({ status: 404 });
      for (const value of ["true", "false"]) {
        expect(
          await post(generateAction, "/generate", bob.cookie, [
            ["intent", "set-public"],
            ["imageId", image.id],
            ["public", value],
          ]),
        ).toMatchObject({ status: 404 });
      }
    }
    expect(
      await post(generateAction, "/generate", bob.cookie, [
        ["intent", "set-public"],
        ["imageId", "not-an-id"],
        ["public", "true"],
      ]),
    ).toMatchObject({ status: 404 });
    const after = await prisma().galleryImage.findMany({ orderBy: { prompt: "asc" } });
    expect(after.map((image) => [image.prompt, image.isPublic])).toEqual([
      ["private", false],
      ["public", true],
    ]);
    expect(await getObject("gallery", shown.url)).not.toBeNull();
  });

  test("signed out, the actions send to sign-in and change nothing", async () => {
    const ada = await person("ada@example.com");
    const image = await galleryImage(ada.id);
    expect(
      await post(generateAction, "/generate", "", [
        ["intent", "set-public"],
        ["imageId", image.id],
        ["public", "true"],
      ]),
    ).toRedirectTo("/login?redirectTo=%2Fgenerate");
    expect(await post(deleteAction, `/gallery/${image.id}/delete`, "", [["intent", "delete"]], { imageId: image.id })).toMatchObject({ status: 302 });
    expect(await prisma().galleryImage.findUniqueOrThrow({ where: { id: image.id } })).toMatchObject({ isPublic: false });
  });
});
