// The spec's texts for the console's lists that cannot be read and saves that fail for another
// reason than the form (spec section 8: banners, characters, plans): each is what the admin sees,
// in the page the request ends on, and nothing is changed by a save that failed.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { bannerTexts, planTexts } from "~/lib/admin-catalogue";
import { characterFormTexts } from "~/lib/character-form";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { pngFile, signedInAdmin } from "../helpers/admin";
import { characterForm, characterFormBasics } from "../helpers/characters";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { appRequestHandler } from "../helpers/request-handler";

databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());
const errorLog = vi.spyOn(logger, "error").mockImplementation(() => {});
afterEach(() => errorLog.mockClear());

/** A page as the admin's browser gets it: its status and HTML. */
async function page(cookie: string, path: string, form?: [string, string | File][]) {
  const handle = await appRequestHandler();
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [name, value] of form) body.append(name, value);
  }
  const response = await handle(new Request(`http://localhost${path}`, { method: form ? "POST" : "GET", headers: { Cookie: cookie }, body }));
  return { status: response.status, html: await response.text() };
}

/** Runs `work` while the database fails every write to `table` (a disk that is full, a constraint gone wrong), as a fault, not a refusal. */
async function whileWritesFail<T>(table: string, work: () => Promise<T>) {
  await prisma().$executeRawUnsafe(
    `CREATE OR REPLACE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$`,
  );
  await prisma().$executeRawUnsafe(`CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_writes()`);
  try {
    return await work();
  } finally {
    await prisma().$executeRawUnsafe(`DROP TRIGGER refuse_writes ON ${table}`);
  }
}

/** Runs `work` while `table` cannot be read (renamed away). */
async function whileUnreadable<T>(table: string, work: () => Promise<T>, column?: string) {
  const rename = (from: string, to: string) =>
    prisma().$executeRawUnsafe(column ? `ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to}` : `ALTER TABLE ${from} RENAME TO ${to}`);
  const [name, gone] = column ? [column, `${column}_gone`] : [table, `${table}_gone`];
  await rename(name, gone);
  try {
    return await work();
  } finally {
    await rename(gone, name);
  }
}

describe("a console list that cannot be read shows the spec's text in a panel, with Try again", () => {
  test("banners: 'Failed to fetch banners'", async () => {
    const admin = await signedInAdmin();
    const { status, html } = await whileUnreadable("banners", () => page(admin.cookie, "/admin/banners"));
    expect(status).toBe(500);
    expect(html).toContain(bannerTexts.fetchFailed);
    expect(html).toContain("Try again");
  });

  test("characters: 'Error fetching characters'", async () => {
    const admin = await signedInAdmin();
    await prisma().character.create({ data: { name: "Listed", description: "Shown" } });
    // The shell's own catalogue reads are cached by then; the console's list is read each time.
    expect((await page(admin.cookie, "/admin/characters")).status).toBe(200);
    const { status, html } = await whileUnreadable("characters", () => page(admin.cookie, "/admin/characters"), "tags");
    expect(status).toBe(500);
    expect(html).toContain(characterFormTexts.fetchFailed);
    expect(html).toContain("Try again");
  });

  test("plans: 'Failed to fetch plans'", async () => {
    const admin = await signedInAdmin();
    const { status, html } = await whileUnreadable("plans", () => page(admin.cookie, "/admin/plans"));
    expect(status).toBe(500);
    expect(html).toContain(planTexts.fetchFailed);
  });

  test("plan statistics alone: the plans are shown, and the statistics say 'Failed to fetch plan statistics'", async () => {
    const admin = await signedInAdmin();
    await prisma().plan.create({ data: { name: "Studio", priceCents: 2900 } });
    const { status, html } = await whileUnreadable("subscriptions", () => page(admin.cookie, "/admin/plans"));
    expect(status).toBe(200);
    expect(html).toContain("Studio");
    expect(html).toContain(planTexts.statisticsFailed);
  });

  test("a list refused for what its request sent says so, not that it could not be loaded", async () => {
    const admin = await signedInAdmin();
    const { status, html } = await page(admin.cookie, "/admin/banners/new", [
      ["intent", "create"],
      ["title", new File(["x"], "x.txt")],
    ]);
    expect(status).toBe(400);
    // The page's texts (its namespaces' catalogue, in a JSON script) hold every text it could show; what it shows is the rest.
    const shown = html.replace(/<script type="application\/json" id="cv-texts"[\s\S]*?<\/script>/, "");
    expect(shown).not.toContain(bannerTexts.fetchFailed);
    expect(html).toContain("takes text, not a file");
  });
});

describe("a save that fails for another reason than the form shows the spec's text in the editor and changes nothing", () => {
  test("banners: 'Failed to add banner', 'Failed to update banner', 'Failed to delete banner'", async () => {
    const admin = await signedInAdmin();
    const banner = await prisma().banner.create({ data: { title: "Spring", imageUrl: "/storage/banners/spring.webp" } });
    const fields = (intent: string): [string, string | File][] => [
      ["intent", intent],
      ["title", "Summer"],
      ["description", ""],
      ["ctaTitle", ""],
      ["ctaUrl", ""],
      ["startAt", ""],
    ];
    const image = await pngFile();
    const outcomes = await whileWritesFail("banners", async () => [
      await page(admin.cookie, "/admin/banners/new", [...fields("create"), ["image", image]]),
      await page(admin.cookie, `/admin/banners/${banner.id}/edit`, fields("update")),
      await page(admin.cookie, `/admin/banners/${banner.id}/delete`, [["intent", "delete"]]),
    ]);
    expect(outcomes.map(({ status }) => status)).toEqual([500, 500, 500]);
    expect(outcomes[0]!.html).toContain(bannerTexts.addFailed);
    expect(outcomes[1]!.html).toContain(bannerTexts.updateFailed);
    expect(outcomes[2]!.html).toContain(bannerTexts.deleteFailed);
    expect(await prisma().banner.findMany()).toEqual([expect.objectContaining({ id: banner.id, title: "Spring" })]);
  });

  test("characters: 'Error saving character', 'Error updating character', 'Error deleting character'", async () => {
    const admin = await signedInAdmin();
    await characterFormBasics();
    const character = await prisma().character.create({ data: { name: "Kept", description: "As it was", categoryId: 3 } });
    const outcomes = await whileWritesFail("characters", async () => [
      await page(admin.cookie, "/admin/build", characterForm("create")),
      await page(admin.cookie, `/admin/characters/${character.id}/edit`, characterForm("update")),
      await page(admin.cookie, `/admin/characters/${character.id}/delete`, [["intent", "delete"]]),
    ]);
    expect(outcomes.map(({ status }) => status)).toEqual([500, 500, 500]);
    expect(outcomes[0]!.html).toContain(characterFormTexts.saveFailed);
    expect(outcomes[1]!.html).toContain(characterFormTexts.updateFailed);
    expect(outcomes[2]!.html).toContain(characterFormTexts.deleteFailed);
    expect(await prisma().character.findMany()).toEqual([expect.objectContaining({ id: character.id, name: "Kept" })]);
  });

  test("plans: 'Failed to update plan' for a new plan and an edit, 'Failed to delete plan'", async () => {
    const admin = await signedInAdmin();
    const plan = await prisma().plan.create({ data: { name: "Studio", priceCents: 2900 } });
    const fields = (intent: string): [string, string][] => [
      ["intent", intent],
      ["name", "Agency"],
      ["description", ""],
      ["price", "49.00"],
      ["interval", "monthly"],
      ["periodTokens", "30000"],
      ["memoryMessages", "60"],
      ["isActive", "on"],
    ];
    const outcomes = await whileWritesFail("plans", async () => [
      await page(admin.cookie, "/admin/plans/new", fields("create")),
      await page(admin.cookie, `/admin/plans/${plan.id}/edit`, fields("update")),
      await page(admin.cookie, `/admin/plans/${plan.id}/delete`, [["intent", "delete"]]),
    ]);
    expect(outcomes.map(({ status }) => status)).toEqual([500, 500, 500]);
    expect(outcomes[0]!.html).toContain(planTexts.updateFailed);
    expect(outcomes[1]!.html).toContain(planTexts.updateFailed);
    expect(outcomes[2]!.html).toContain(planTexts.deleteFailed);
    expect(await prisma().plan.findMany()).toEqual([expect.objectContaining({ id: plan.id, name: "Studio" })]);
  });

  test("a form the editor refuses still says why, not that the save failed", async () => {
    const admin = await signedInAdmin();
    const { status, html } = await page(admin.cookie, "/admin/plans/new", [
      ["intent", "create"],
      ["name", ""],
      ["price", "1"],
      ["interval", "monthly"],
    ]);
    expect(status).toBe(400);
    expect(html).toContain("Name is required");
    // The page's texts (the admin catalogue, in a script) hold every text; the page itself must not say it.
    expect(html.replace(/<script type="application\/json" id="cv-texts"[\s\S]*?<\/script>/, "")).not.toContain(planTexts.updateFailed);
  });
});
