import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { bannerTexts, todayIsoDay } from "~/lib/admin-catalogue";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { getObject } from "~/modules/storage/storage.server";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/banners";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/banners.delete";
import { action as editAction, loader as editLoader } from "~/routes/admin/banners.edit";
import { action as newAction, loader as newLoader } from "~/routes/admin/banners.new";
import { loader as homeLoader } from "~/routes/home";
import { auditRows, load, post, pngFile, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());

type Fields = [string, string | File][];
type BannerFields = Partial<Record<"title" | "description" | "ctaTitle" | "ctaUrl" | "startAt", string>> & { categories?: string[]; published?: boolean };

function bannerForm(intent: "create" | "update", { categories = [], published = true, ...overrides }: BannerFields = {}, image?: File): Fields {
  const values = { title: "Summer of Anime", description: "Meet the new cast", ctaTitle: "Explore", ctaUrl: "/explore?category=3", startAt: "", ...overrides };
  return [
    ["intent", intent],
    ...(Object.entries(values) as Fields),
    ...categories.map((category): [string, string] => ["displayCategories", category]),
    ...(published ? ([["isPublished", "on"]] as Fields) : []),
    ...(image ? ([["image", image]] as Fields) : []),
  ];
}

/** The stored object behind a banner's public URL, or null once it is gone. */
const storedImage = (imageUrl: string) => getObject("banners", imageUrl.slice("/storage/banners/".length));

/** How many banner pictures are in storage (the local driver keeps them under DATA_DIR). */
async function storedBannerFiles() {
  const files = await fs.readdir(path.join(process.env.DATA_DIR!, "storage", "banners"), { recursive: true }).catch(() => []);
  return files.filter((file) => file.endsWith(".webp")).length;
}

async function addBanner(cookie: string, fields: BannerFields = {}) {
  const answer = await post(newAction, "/admin/banners/new", cookie, bannerForm("create", fields, await pngFile()));
  expect(answer).toRedirectTo("/admin/banners", { toast: "banner-added" });
  return prisma().banner.findFirstOrThrow({ where: { title: fields.title ?? "Summer of Anime" } });
}

/** The banner titles the home carousel shows on a category tab (none: the home page without a tab). */
async function carousel(category?: number) {
  const { data } = await load(homeLoader, category ? `/?category=${category}` : "/", "");
  return (data as Awaited<ReturnType<typeof homeLoader>>).banners.map((banner) => banner.title);
}

describe("/admin/banners", () => {
  test("Add Banner stores the image and the banner (all categories and today by default), with an audit row", async () => {
    const admin = await signedInAdmin();
    expect((await load(newLoader, "/admin/banners/new", admin.cookie)).data).toEqual({ today: todayIsoDay() });

    const files = await storedBannerFiles();
    const banner = await addBanner(admin.cookie);
    expect(await storedBannerFiles()).toBe(files + 1);
    expect(banner).toMatchObject({
      description: "Meet the new cast",
      ctaTitle: "Explore",
      ctaUrl: "/explore?category=3",
      displayCategories: ["all"],
      isPublished: true,
    });
    expect(banner.startAt.toISOString().slice(0, 10)).toBe(todayIsoDay());
    expect(banner.imageUrl).toMatch(/^\/storage\/banners\/banners\/[0-9a-f]{24}\.webp$/);
    expect((await storedImage(banner.imageUrl))?.contentType).toBe("image/webp");
    expect((await auditRows())[0]).toMatchObject({
      actorEmail: admin.email,
      action: "create",
      entityType: "banner",
      entityId: banner.id,
      after: { title: "Summer of Anime" },
    });

    const { data } = await load(bannersLoader, "/admin/banners", admin.cookie);
    expect((data as Awaited<ReturnType<typeof bannersLoader>>).banners).toEqual([
      expect.objectContaining({ id: banner.id, title: "Summer of Anime", isPublished: true }),
    ]);
  });

  test.each([
    ["no title", { title: "" }, true, "title", bannerTexts.required],
    ["no image", {}, false, "image", bannerTexts.required],
    ["a title over 35 characters", { title: "T".repeat(36) }, true, "title", "Title must be at most 35 characters"],
    ["a description over 50 characters", { description: "D".repeat(51) }, true, "description", "Description must be at most 50 characters"],
    ["a CTA title over 20 characters", { ctaTitle: "C".repeat(21) }, true, "ctaTitle", "CTA Title must be at most 20 characters"],
    ["a javascript: CTA URL", { ctaUrl: "javascript:alert(1)" }, true, "ctaUrl", bannerTexts.ctaUrl],
    ["a CTA URL to another host without a scheme", { ctaUrl: "//evil.example/x" }, true, "ctaUrl", bannerTexts.ctaUrl],
    ["an ftp CTA URL", { ctaUrl: "ftp://files.example/x" }, true, "ctaUrl", bannerTexts.ctaUrl],
    ["an unknown display category", { categories: ["robots"] }, true, "displayCategories", "Choose display categories from the list"],
    ["a start date that is no date", { startAt: "2026-02-31x" }, true, "startAt", "Start Date must be a date"],
  ])("refuses %s with 400 and its text, storing and writing nothing", async (_case, fields: BannerFields, withImage, field, text) => {
    const admin = await signedInAdmin();
    const files = await storedBannerFiles();
    const answer = await post(newAction, "/admin/banners/new", admin.cookie, bannerForm("create", fields, withImage ? await pngFile() : undefined));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: text, fields: { [field]: text } });
    expect((answer.data as { values: { description: string } }).values.description).toBe(fields.description ?? "Meet the new cast");
    expect([await prisma().banner.count(), await prisma().auditEntry.count(), await storedBannerFiles()]).toEqual([0, 0, files]);
  });

  test("only images are accepted, checked by their content whatever the file is called", async () => {
    const admin = await signedInAdmin();
    const fake = new File(["<svg onload=alert(1)>not a picture</svg>"], "banner.png", { type: "image/png" });
    const answer = await post(newAction, "/admin/banners/new", admin.cookie, bannerForm("create", {}, fake));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error: "Failed to upload image: Only images can be used", fields: { image: "Only images can be used" } });
    expect(await prisma().banner.count()).toBe(0);
  });

  test("site paths and http(s) addresses are accepted as CTA URLs", async () => {
    const admin = await signedInAdmin();
    await addBanner(admin.cookie, { title: "Path", ctaUrl: "/signup?from=banner" });
    await addBanner(admin.cookie, { title: "Web", ctaUrl: "https://example.com/offer" });
    expect((await prisma().banner.findMany({ orderBy: { title: "asc" } })).map((banner) => banner.ctaUrl)).toEqual([
      "/signup?from=banner",
      "https://example.com/offer",
    ]);
  });

  test("Edit Banner saves the fields and keeps the image, or replaces it and removes the old one", async () => {
    const admin = await signedInAdmin();
    const banner = await addBanner(admin.cookie);
    const path = `/admin/banners/${banner.id}/edit`;
    expect((await load(editLoader, path, admin.cookie, { bannerId: banner.id })).data).toMatchObject({
      banner: { title: "Summer of Anime", startAt: todayIsoDay() },
    });

    const kept = await post(
      editAction,
      path,
      admin.cookie,
      bannerForm("update", { title: "Winter of Anime", categories: ["anime", "girls"], startAt: "2030-01-05" }),
      {
        bannerId: banner.id,
      },
    );
    expect(kept).toRedirectTo("/admin/banners", { toast: "banner-updated" });
    const edited = await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } });
    expect(edited).toMatchObject({ title: "Winter of Anime", displayCategories: ["anime", "girls"], imageUrl: banner.imageUrl });
    expect(edited.startAt.toISOString()).toBe("2030-01-05T00:00:00.000Z");

    await post(editAction, path, admin.cookie, bannerForm("update", { title: "Winter of Anime" }, await pngFile("new.png")), { bannerId: banner.id });
    const replaced = await prisma().banner.findUniqueOrThrow({ where: { id: banner.id } });
    expect(replaced.imageUrl).not.toBe(banner.imageUrl);
    expect(await storedImage(replaced.imageUrl)).not.toBeNull();
    expect(await storedImage(banner.imageUrl)).toBeNull();
    const updates = (await auditRows()).filter((row) => row.action === "update");
    expect(updates.map((row) => (row.after as { title: string }).title)).toEqual(["Winter of Anime", "Winter of Anime"]);
    expect(updates[0]).toMatchObject({ before: { title: "Summer of Anime", displayCategories: ["all"] } });
  });

  test("the Published switch publishes and unpublishes with the spec's toasts, and the home carousel follows", async () => {
    const admin = await signedInAdmin();
    const banner = await addBanner(admin.cookie, { published: false });
    expect(await carousel()).toEqual([]);

    const toggle = (published: boolean) =>
      post(bannersAction, "/admin/banners", admin.cookie, [
        ["intent", "set-published"],
        ["id", banner.id],
        ["published", String(published)],
      ]);
    expect(await toggle(true)).toRedirectTo("/admin/banners", { toast: "banner-published" });
    expect(await carousel()).toEqual(["Summer of Anime"]);
    expect(await toggle(false)).toRedirectTo("/admin/banners", { toast: "banner-unpublished" });
    expect(await carousel()).toEqual([]);
    expect((await auditRows()).map((row) => row.action)).toEqual(["create", "publish", "unpublish"]);

    const gone = await post(bannersAction, "/admin/banners", admin.cookie, [
      ["intent", "set-published"],
      ["id", "00000000-0000-4000-8000-000000000000"],
      ["published", "true"],
    ]);
    expect(gone).toRedirectTo("/admin/banners", { toast: "banner-status-failed" });
  });

  test("Delete asks first, then removes the banner and its image", async () => {
    const admin = await signedInAdmin();
    const banner = await addBanner(admin.cookie);
    const path = `/admin/banners/${banner.id}/delete`;
    expect((await load(deleteLoader, path, admin.cookie, { bannerId: banner.id })).data).toEqual({ title: "Summer of Anime" });

    const answer = await post(deleteAction, path, admin.cookie, [["intent", "delete"]], { bannerId: banner.id });
    expect(answer).toRedirectTo("/admin/banners", { toast: "banner-deleted" });
    expect(await prisma().banner.count()).toBe(0);
    expect(await storedImage(banner.imageUrl)).toBeNull();
    expect((await auditRows()).at(-1)).toMatchObject({ action: "delete", entityId: banner.id, before: { title: "Summer of Anime" } });
    expect(await carousel()).toEqual([]);
  });
});

describe("the home carousel", () => {
  test("shows published banners whose start date has come, for the chosen category, newest start first", async () => {
    const admin = await signedInAdmin();
    const tomorrow = todayIsoDay(new Date(Date.now() + 86_400_000));
    const lastWeek = todayIsoDay(new Date(Date.now() - 7 * 86_400_000));
    await addBanner(admin.cookie, { title: "For everyone", startAt: lastWeek });
    await addBanner(admin.cookie, { title: "Anime today", categories: ["anime"] });
    await addBanner(admin.cookie, { title: "Guys and pros", categories: ["guys", "pros"], startAt: todayIsoDay(new Date(Date.now() - 3 * 86_400_000)) });
    await addBanner(admin.cookie, { title: "Not yet", startAt: tomorrow });
    await addBanner(admin.cookie, { title: "Draft", published: false });

    // No categories are stored: the spec's fallback list applies (1 Girls, 2 Guys, 3 Anime, 4 Pros).
    expect(await carousel()).toEqual(["Anime today", "Guys and pros", "For everyone"]);
    expect(await carousel(3)).toEqual(["Anime today", "For everyone"]);
    expect(await carousel(1)).toEqual(["For everyone"]);
    expect(await carousel(4)).toEqual(["Guys and pros", "For everyone"]);
  });
});
