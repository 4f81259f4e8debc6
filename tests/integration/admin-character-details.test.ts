import { describe, expect, test, vi } from "vitest";
import { detailTexts } from "~/lib/admin-models";
import { detailOptionTexts } from "~/lib/documents/detail-options";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/character-details.delete";
import { action as editAction, loader as editLoader } from "~/routes/admin/character-details.edit";
import { action as newAction } from "~/routes/admin/character-details.new";
import { action as listAction, loader as listLoader } from "~/routes/admin/character-details";
import { auditRows, load, post, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { appRequestHandler } from "../helpers/request-handler";

databaseEmptiedBeforeEachTest();

const PAGE = "/admin/character-details";

async function addDetail(cookie: string, name: string, options: string, description = "") {
  const answer = await post(newAction, `${PAGE}/new`, cookie, [
    ["intent", "create"],
    ["name", name],
    ["description", description],
    ["options", options],
  ]);
  expect(answer).toRedirectTo(`${PAGE}`, { toast: "detail-saved" });
  return prisma().characterDetailDefinition.findFirstOrThrow({ where: { name } });
}

type Listed = Awaited<ReturnType<typeof listLoader>>;
const listed = async (cookie: string) => ((await load(listLoader, PAGE, cookie)).data as Listed).details;

async function pageHtml(cookie: string, path = PAGE) {
  const handle = await appRequestHandler();
  const response = await handle(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));
  return { status: response.status, html: await response.text() };
}

describe("/admin/character-details", () => {
  test("an empty list says 'No character details found'", async () => {
    const admin = await signedInAdmin();
    expect(await listed(admin.cookie)).toEqual([]);
    expect((await pageHtml(admin.cookie)).html).toContain(detailTexts.empty);
  });

  test("Add creates a detail with plain and object options, seq the current count, and an audit row", async () => {
    const admin = await signedInAdmin();
    const first = await addDetail(admin.cookie, "Personality", "Shy\n\n  Bold  \nCurious", "How they act");
    const second = await addDetail(admin.cookie, "City", '{"name": "Paris", "country": "France"}\n{"country": "Japan", "name": "Tokyo"}');
    expect(first).toMatchObject({ seq: 0, description: "How they act", details: ["Shy", "Bold", "Curious"] });
    expect(second).toMatchObject({
      seq: 1,
      details: [
        { name: "Paris", country: "France" },
        { name: "Tokyo", country: "Japan" },
      ],
    });
    expect(await listed(admin.cookie)).toEqual([
      { id: first.id, name: "Personality", description: "How they act", seq: 0, optionCount: 3 },
      { id: second.id, name: "City", description: "", seq: 1, optionCount: 2 },
    ]);
    expect((await auditRows()).map((row) => [row.action, row.entityType, row.entityId, row.actorEmail])).toEqual([
      ["create", "character-detail", String(first.id), admin.email],
      ["create", "character-detail", String(second.id), admin.email],
    ]);
    const { html } = await pageHtml(admin.cookie);
    for (const text of ["Name", "Description", "# of Options", "Personality", "City"]) expect(html).toContain(text);
  });

  test.each([
    ["name", detailTexts.nameRequired, { name: "  " }],
    ["options", detailOptionTexts.sameKeys(["name", "country"]), { options: '{"name": "Paris", "country": "France"}\n{"name": "Tokyo"}' }],
    ["options", detailOptionTexts.name, { options: '{"label": "Paris"}' }],
    ["options", detailOptionTexts.option, { options: '{"name": 3}' }],
    ["options", detailTexts.badLine(2), { options: "Shy\n{not json" }],
  ])("a detail with a bad %s is refused with '%s' and nothing is written", async (field, message, overrides) => {
    const admin = await signedInAdmin();
    const fields = { name: "City", description: "", options: "Paris", ...overrides };
    const answer = await post(newAction, `${PAGE}/new`, admin.cookie, [["intent", "create"], ...(Object.entries(fields) as [string, string][])]);
    expect(answer).toMatchObject({ status: 400, data: { error: message, fields: { [field]: message }, values: fields } });
    expect(await prisma().characterDetailDefinition.count()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  test("Edit shows the options one per line and saves the changes with an audit row", async () => {
    const admin = await signedInAdmin();
    const detail = await addDetail(admin.cookie, "City", '{"name": "Paris", "country": "France"}\n{"name": "Tokyo", "country": "Japan"}');
    const params = { detailId: String(detail.id) };
    const { data } = await load(editLoader, `${PAGE}/${detail.id}/edit`, admin.cookie, params);
    expect(data).toMatchObject({ values: { name: "City", options: '{"name":"Paris","country":"France"}\n{"name":"Tokyo","country":"Japan"}' } });

    const answer = await post(
      editAction,
      `${PAGE}/${detail.id}/edit`,
      admin.cookie,
      [
        ["intent", "update"],
        ["name", "Home town"],
        ["description", "Where they grew up"],
        ["options", "Paris\nTokyo\nLima"],
      ],
      params,
    );
    expect(answer).toRedirectTo(`${PAGE}`, { toast: "detail-saved" });
    expect(await prisma().characterDetailDefinition.findUniqueOrThrow({ where: { id: detail.id } })).toMatchObject({
      name: "Home town",
      description: "Where they grew up",
      details: ["Paris", "Tokyo", "Lima"],
      seq: 0,
    });
    expect((await auditRows()).at(-1)).toMatchObject({ action: "update", before: { name: "City", options: 2 }, after: { name: "Home town", options: 3 } });
    expect(await load(editLoader, `${PAGE}/999999/edit`, admin.cookie, { detailId: "999999" })).toMatchObject({ status: 404 });
  });

  test("move up and move down swap a detail with its neighbour; at either end nothing moves", async () => {
    const admin = await signedInAdmin();
    const a = await addDetail(admin.cookie, "A", "1");
    const b = await addDetail(admin.cookie, "B", "1");
    const c = await addDetail(admin.cookie, "C", "1");
    const move = (intent: string, id: number) =>
      post(listAction, PAGE, admin.cookie, [
        ["intent", intent],
        ["id", String(id)],
      ]);
    const order = async () => (await listed(admin.cookie)).map((detail) => `${detail.name}${detail.seq}`);

    expect(await move("move-up", c.id)).toRedirectTo(PAGE);
    expect(await order()).toEqual(["A0", "C1", "B2"]);
    await move("move-down", a.id);
    expect(await order()).toEqual(["C0", "A1", "B2"]);
    await move("move-up", c.id);
    await move("move-down", b.id);
    expect(await order()).toEqual(["C0", "A1", "B2"]);
    expect((await auditRows()).filter((row) => row.action.startsWith("move")).map((row) => [row.action, row.entityId])).toEqual([
      ["move-up", String(c.id)],
      ["move-down", String(a.id)],
      ["move-up", String(c.id)],
      ["move-down", String(b.id)],
    ]);
    expect(await move("move-up", 999999)).toRedirectTo(`${PAGE}`, { toast: "detail-save-failed" });
  });

  test("Delete asks 'Are you sure you want to delete this detail?', then removes it and closes the gap", async () => {
    const admin = await signedInAdmin();
    const a = await addDetail(admin.cookie, "A", "1");
    await addDetail(admin.cookie, "B", "1");
    const params = { detailId: String(a.id) };
    expect((await load(deleteLoader, `${PAGE}/${a.id}/delete`, admin.cookie, params)).data).toEqual({ name: "A" });
    expect((await pageHtml(admin.cookie, `${PAGE}/${a.id}/delete`)).html).toContain(detailTexts.deleteQuestion);

    const answer = await post(deleteAction, `${PAGE}/${a.id}/delete`, admin.cookie, [["intent", "delete"]], params);
    expect(answer).toRedirectTo(`${PAGE}`, { toast: "detail-deleted" });
    expect((await listed(admin.cookie)).map((detail) => [detail.name, detail.seq])).toEqual([["B", 0]]);
    expect((await auditRows()).at(-1)).toMatchObject({ action: "delete", entityType: "character-detail", entityId: String(a.id), before: { name: "A" } });
    expect((await addDetail(admin.cookie, "C", "1")).seq).toBe(1);
  });

  test("when the details cannot be loaded, the page shows a full error panel", async () => {
    const admin = await signedInAdmin();
    await prisma().$executeRawUnsafe("ALTER TABLE character_details RENAME TO character_details_gone");
    const errorLog = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const { status, html } = await pageHtml(admin.cookie);
      expect(status).toBe(500);
      expect(html).toContain(detailTexts.loadFailed);
      expect(html).toContain("Try again");
    } finally {
      errorLog.mockRestore();
      await prisma().$executeRawUnsafe("ALTER TABLE character_details_gone RENAME TO character_details");
    }
  });
});
