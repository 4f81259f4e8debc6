// The same thing deleted twice at once (a double click, two tabs, two admins): one request says it
// is deleted, the other finds it gone (404) or already done; none says it failed, and the record
// goes once, with one audit row. Runs on PostgreSQL too (TEST_DATABASE_URL), where the two
// requests truly overlap.
import { beforeEach, describe, expect, test } from "vitest";
import { invalidateCatalogueCache } from "~/modules/catalogue/cache.server";
import { prisma } from "~/modules/db/db.server";
import { action as favoritesAction } from "~/routes/api/favorites";
import { action as bannerDelete } from "~/routes/admin/banners.delete";
import { action as detailDelete } from "~/routes/admin/character-details.delete";
import { action as characterDelete } from "~/routes/admin/characters.delete";
import { action as modelDelete } from "~/routes/admin/models.delete";
import { action as planDelete } from "~/routes/admin/plans.delete";
import { action as packageDelete } from "~/routes/admin/tokens.packages.delete";
import { action as ownCharacterDelete } from "~/routes/create/delete";
import { action as ticketsAction } from "~/routes/dashboard/tickets";
import { auditRows, post, signedInAdmin } from "../helpers/admin";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { newSignedInPerson } from "../helpers/payments";
import { routeArgs } from "../helpers/route-args";

databaseEmptiedBeforeEachTest();
beforeEach(() => invalidateCatalogueCache());

type Action = Parameters<typeof post>[0];
type Answer = Awaited<ReturnType<typeof post>>;

/** The same form posted twice at once. */
function twiceAtOnce(action: Action, path: string, cookie: string, fields: [string, string][], params: Record<string, string> = {}) {
  return Promise.all([1, 2].map(() => post(action, path, cookie, fields, params)));
}

/** One answer is the list with the success toast, the other a 404: the thing is gone. */
function expectOneSuccess(answers: Answer[], toast: string) {
  expect(answers.map((answer) => answer.status).sort()).toEqual([302, 404]);
  expect(answers.find((answer) => answer.status === 302)).toMatchObject({ location: expect.stringContaining(`toast=${toast}`) });
}

async function deleteAudits(entityId: string) {
  return (await auditRows()).filter((row) => row.entityId === entityId && row.action === "delete");
}

describe("the console's deletes, twice at once", () => {
  test("a plan: deleted once, one toast, one audit row", async () => {
    const admin = await signedInAdmin();
    const plan = await prisma().plan.create({ data: { name: "Twice", priceCents: 900 } });
    expectOneSuccess(
      await twiceAtOnce(planDelete, `/admin/plans/${plan.id}/delete`, admin.cookie, [["intent", "delete"]], { planId: plan.id }),
      "plan-deleted",
    );
    expect(await prisma().plan.count({ where: { id: plan.id } })).toBe(0);
    expect(await deleteAudits(plan.id)).toHaveLength(1);
  });

  test("a token package", async () => {
    const admin = await signedInAdmin();
    const tokenPackage = await prisma().tokenPackage.create({ data: { id: "twice", name: "Twice", tokens: 100, priceCents: 99 } });
    const path = `/admin/tokens/packages/${tokenPackage.id}/delete`;
    expectOneSuccess(await twiceAtOnce(packageDelete, path, admin.cookie, [["intent", "delete"]], { packageId: tokenPackage.id }), "package-deleted");
    expect(await prisma().tokenPackage.count({ where: { id: tokenPackage.id } })).toBe(0);
    expect(await deleteAudits(tokenPackage.id)).toHaveLength(1);
  });

  test("a chat model", async () => {
    const admin = await signedInAdmin();
    const model = await prisma().chatModel.create({ data: { chatModel: "Twice", modelId: "twice", aiPlatform: "openai" } });
    expectOneSuccess(
      await twiceAtOnce(modelDelete, `/admin/models/${model.id}/delete`, admin.cookie, [["intent", "delete"]], { modelId: model.id }),
      "model-deleted",
    );
    expect(await prisma().chatModel.count({ where: { id: model.id } })).toBe(0);
    expect(await deleteAudits(model.id)).toHaveLength(1);
  });

  test("a character detail, the others renumbered once", async () => {
    const admin = await signedInAdmin();
    const [first, second, third] = await Promise.all(
      ["Hair", "Eyes", "Voice"].map((name, seq) => prisma().characterDetailDefinition.create({ data: { name, seq } })),
    );
    const path = `/admin/character-details/${second!.id}/delete`;
    expectOneSuccess(await twiceAtOnce(detailDelete, path, admin.cookie, [["intent", "delete"]], { detailId: String(second!.id) }), "detail-deleted");
    const rest = await prisma().characterDetailDefinition.findMany({ orderBy: { seq: "asc" } });
    expect(rest.map((detail) => [detail.id, detail.seq])).toEqual([
      [first!.id, 0],
      [third!.id, 1],
    ]);
    expect(await deleteAudits(String(second!.id))).toHaveLength(1);
  });

  test("a banner", async () => {
    const admin = await signedInAdmin();
    const banner = await prisma().banner.create({ data: { title: "Twice", imageUrl: "/storage/banners/twice.webp" } });
    expectOneSuccess(
      await twiceAtOnce(bannerDelete, `/admin/banners/${banner.id}/delete`, admin.cookie, [["intent", "delete"]], { bannerId: banner.id }),
      "banner-deleted",
    );
    expect(await prisma().banner.count({ where: { id: banner.id } })).toBe(0);
    expect(await deleteAudits(banner.id)).toHaveLength(1);
  });

  test("a character", async () => {
    const admin = await signedInAdmin();
    const character = await prisma().character.create({ data: { name: "Twice", description: "Deleted twice at once" } });
    const path = `/admin/characters/${character.id}/delete`;
    expectOneSuccess(await twiceAtOnce(characterDelete, path, admin.cookie, [["intent", "delete"]], { characterId: character.id }), "character-deleted");
    expect(await prisma().character.count({ where: { id: character.id } })).toBe(0);
    expect(await deleteAudits(character.id)).toHaveLength(1);
  });
});

describe("a person's deletes, twice at once", () => {
  test("their own character", async () => {
    const owner = await newSignedInPerson();
    const character = await prisma().character.create({ data: { name: "Mine", description: "Deleted twice at once", createdById: owner.userId } });
    const path = `/create/${character.id}/delete`;
    expectOneSuccess(await twiceAtOnce(ownCharacterDelete, path, owner.cookie, [["intent", "delete"]], { characterId: character.id }), "character-deleted");
    expect(await prisma().character.count({ where: { id: character.id } })).toBe(0);
  });

  test("closing their ticket: one says it is closed, the other that it already is", async () => {
    const owner = await newSignedInPerson();
    const ticket = await prisma().ticket.create({ data: { userId: owner.userId, topic: "Twice", message: "Close me" } });
    const fields: [string, string][] = [
      ["intent", "close"],
      ["ticketId", ticket.id],
    ];
    const answers = await twiceAtOnce(ticketsAction, `/dashboard/tickets?id=${ticket.id}`, owner.cookie, fields);
    const closed = answers.find((answer) => answer.status === 302);
    const refused = answers.find((answer) => answer.status !== 302);
    expect(closed).toMatchObject({ location: expect.stringContaining("toast=ticket-closed") });
    expect(refused).toMatchObject({ status: 409, data: { error: "Failed to close the ticket: This ticket is already closed" } });
    expect(await prisma().ticket.findUniqueOrThrow({ where: { id: ticket.id } })).toMatchObject({ status: "closed", closedUserId: owner.userId });
  });

  test("removing a favorite: one says it is removed, the other says nothing, and it stays removed", async () => {
    const person = await newSignedInPerson();
    const character = await prisma().character.create({ data: { name: "Loved", description: "Once", isPublished: true } });
    await prisma().favorite.create({ data: { userId: person.userId, itemType: "character", itemId: character.id } });
    const form = (favorite: "on" | "off"): [string, string][] => [
      ["intent", "toggle"],
      ["itemType", "character"],
      ["itemId", character.id],
      ["favorite", favorite],
      ["answer", "data"],
    ];
    const removals = await Promise.all([1, 2].map(() => favoriteAnswer(person.cookie, form("off"))));
    expect(removals.map((answer) => answer.message).sort()).toEqual(["Loved removed from favorites", null]);
    expect(removals.every((answer) => answer.ok && !answer.isFavorite)).toBe(true);
    expect(await prisma().favorite.count({ where: { userId: person.userId } })).toBe(0);

    const additions = await Promise.all([1, 2].map(() => favoriteAnswer(person.cookie, form("on"))));
    expect(additions.map((answer) => answer.message).sort()).toEqual(["Loved added to favorites", null]);
    expect(await prisma().favorite.count({ where: { userId: person.userId } })).toBe(1);
  });
});

async function favoriteAnswer(cookie: string, fields: [string, string][]) {
  const request = new Request("http://localhost/api/favorites", { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
  const response = (await favoritesAction(routeArgs(request))) as Response;
  return (await response.json()) as { ok: boolean; isFavorite: boolean; message: string | null };
}
