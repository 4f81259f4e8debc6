import { describe, expect, test } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as tokensAction, loader as tokensLoader } from "~/routes/admin/tokens";
import { action as deleteAction } from "~/routes/admin/tokens.packages.delete";
import { action as editAction, loader as editLoader } from "~/routes/admin/tokens.packages.edit";
import { action as newAction } from "~/routes/admin/tokens.packages.new";
import { action as buyAction, loader as dashboardTokensLoader } from "~/routes/dashboard/tokens";
import { loader as publicTokensLoader } from "~/routes/tokens";
import { adminWithFakeStripe, auditRows, load, post } from "../helpers/admin";
import { callRoute, signedInCookie } from "../helpers/payments";
import { newUser } from "../helpers/tokens";
import { person } from "../helpers/person";

const setup = adminWithFakeStripe();

type Fields = [string, string][];
type TokensPage = Awaited<ReturnType<typeof tokensLoader>>;

function packageForm(intent: "create" | "update", overrides: Partial<Record<"name" | "tokens" | "price" | "discount", string>> = {}, active = true): Fields {
  const values = { name: "Mega", tokens: "60000", price: "59.99", discount: "25", ...overrides };
  return [["intent", intent], ...(Object.entries(values) as Fields), ...(active ? ([["isActive", "on"]] as Fields) : [])];
}

async function createPackage(name: string, active = true) {
  const answer = await post(newAction, "/admin/tokens/packages/new", setup.admin.cookie, packageForm("create", { name }, active));
  expect(answer).toRedirectTo("/admin/tokens", { toast: "package-created" });
  return prisma().tokenPackage.findFirstOrThrow({ where: { name } });
}

/** The packages a signed-out visitor and a signed-in person are offered. */
async function offered() {
  const visitor = (await callRoute(publicTokensLoader, "http://localhost/tokens", "")) as Awaited<ReturnType<typeof publicTokensLoader>>;
  const cookie = await signedInCookie(await newUser());
  const person = (await callRoute(dashboardTokensLoader, "http://localhost/dashboard/tokens", cookie)) as Awaited<ReturnType<typeof dashboardTokensLoader>>;
  expect(visitor.packages).toEqual(person.packages);
  return person.packages.map((item) => item.name);
}

describe("/admin/tokens: token packages", () => {
  test("the Token Packages tab lists every package, active or not", async () => {
    await createPackage("Dormant", false);
    const { data } = await load(tokensLoader, "/admin/tokens", setup.admin.cookie);
    const page = data as TokensPage;
    expect(page.params.tab).toBe("packages");
    expect(page.transactions).toBeNull();
    expect(page.packages.map((item) => [item.name, item.isActive])).toEqual([
      ["Basic", true],
      ["Standard", true],
      ["Premium", true],
      ["Ultimate", true],
      ["Dormant", false],
    ]);
  });

  test("New Package creates it at the end, offered on the Tokens pages, with an audit row", async () => {
    const created = await createPackage("Mega");
    expect(created).toMatchObject({ tokens: 60000, priceCents: 5999, discount: 25, isActive: true, isPopular: false, seq: 5 });
    expect(await offered()).toEqual(["Basic", "Standard", "Premium", "Ultimate", "Mega"]);
    expect((await auditRows()).find((row) => row.entityId === created.id)).toMatchObject({
      action: "create",
      entityType: "token-package",
      after: { tokens: 60000 },
    });
  });

  test.each([
    ["a blank name", { name: "" }, "name", "Name is required"],
    ["0 tokens", { tokens: "0" }, "tokens", "Tokens must be at least 1"],
    ["a fraction of a token", { tokens: "10.5" }, "tokens", "Tokens must be a whole number"],
    ["a price below Stripe's smallest charge", { price: "0.10" }, "price", "Price must be at least 0.50"],
    ["a discount above 100", { discount: "101" }, "discount", "Discount must be at most 100"],
  ])("refuses %s with 400 and its text, writing nothing", async (_case, override, field, text) => {
    const [count, audits] = [await prisma().tokenPackage.count(), await prisma().auditEntry.count()];
    const answer = await post(newAction, "/admin/tokens/packages/new", setup.admin.cookie, packageForm("create", override));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: text, fields: { [field]: text } });
    expect([await prisma().tokenPackage.count(), await prisma().auditEntry.count()]).toEqual([count, audits]);
  });

  test("Edit saves the package; Checkout charges the new price", async () => {
    const created = await createPackage("Edited");
    const { data } = await load(editLoader, `/admin/tokens/packages/${created.id}/edit`, setup.admin.cookie, { packageId: created.id });
    expect(data).toMatchObject({ values: { name: "Edited", tokens: "60000", price: "59.99", discount: "25" } });

    const answer = await post(
      editAction,
      `/admin/tokens/packages/${created.id}/edit`,
      setup.admin.cookie,
      [...packageForm("update", { name: "Edited", tokens: "70000", price: "64.00" }), ["isPopular", "on"]],
      { packageId: created.id },
    );
    expect(answer).toRedirectTo("/admin/tokens", { toast: "package-updated" });
    expect(await prisma().tokenPackage.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ tokens: 70000, priceCents: 6400, isPopular: true });
    expect((await auditRows()).find((row) => row.entityId === created.id && row.action === "update")).toMatchObject({
      before: { tokens: 60000, priceCents: 5999 },
      after: { tokens: 70000, priceCents: 6400 },
    });

    const cookie = await signedInCookie(await newUser());
    const buy = (await callRoute(buyAction, "http://localhost/dashboard/tokens", cookie, { intent: "buy", packageId: created.id })) as Response;
    expect(buy.status).toBe(303);
    expect((await prisma().payment.findFirstOrThrow({ where: { packageId: created.id } })).amountCents).toBe(6400);
  });

  test("switching a package inactive stops its sale: not offered, and Buy is refused without calling Stripe", async () => {
    const created = await createPackage("Seasonal");
    const answer = await post(tokensAction, "/admin/tokens", setup.admin.cookie, [
      ["intent", "set-active"],
      ["id", created.id],
      ["active", "false"],
    ]);
    expect(answer).toRedirectTo("/admin/tokens", { toast: "package-deactivated" });
    expect(await offered()).not.toContain("Seasonal");
    expect((await auditRows()).find((row) => row.entityId === created.id && row.action === "deactivate")).toMatchObject({ after: { isActive: false } });

    const cookie = await signedInCookie(await newUser());
    const stripeCalls = setup.fake.requests.length;
    const buy = (await callRoute(buyAction, "http://localhost/dashboard/tokens", cookie, { intent: "buy", packageId: created.id })) as Response;
    expect(buy).toRedirectTo("/dashboard/tokens", { toast: "checkout-failed" });
    expect(setup.fake.requests.length).toBe(stripeCalls);
    expect(await prisma().payment.count({ where: { packageId: created.id } })).toBe(0);

    // Switched back on, it is offered again.
    const back = await post(tokensAction, "/admin/tokens", setup.admin.cookie, [
      ["intent", "set-active"],
      ["id", created.id],
      ["active", "true"],
    ]);
    expect(back).toRedirectTo("/admin/tokens", { toast: "package-activated" });
    expect(await offered()).toContain("Seasonal");
  });

  test("Delete removes the package after asking; it is no longer offered", async () => {
    const created = await createPackage("Doomed");
    const answer = await post(deleteAction, `/admin/tokens/packages/${created.id}/delete`, setup.admin.cookie, [["intent", "delete"]], {
      packageId: created.id,
    });
    expect(answer).toRedirectTo("/admin/tokens", { toast: "package-deleted" });
    expect(await prisma().tokenPackage.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await offered()).not.toContain("Doomed");
    expect((await auditRows()).find((row) => row.entityId === created.id && row.action === "delete")).toMatchObject({ before: { name: "Doomed" } });
  });
});

describe("/admin/tokens: transactions", () => {
  test("lists everyone's transactions newest first, searchable by person or package, filtered by type, 20 a page", async () => {
    await prisma().tokenTransaction.deleteMany();
    const grace = await person({ email: "grace@navy.example", name: "Grace Hopper", confirmed: false });
    const alan = await person({ email: "alan@bletchley.example", name: "Alan", confirmed: false });
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 24; i += 1) {
      await prisma().tokenTransaction.create({
        data: {
          userId: i % 2 ? grace.id : alan.id,
          tokenType: i % 3 ? "free" : "purchased",
          transactionType: i % 4 ? "deduct" : "add",
          amount: 10 + i,
          description: `Row ${i}`,
          createdAt: new Date(start + i * 1000),
        },
      });
    }
    // A purchase of the Premium package, credited through its payment.
    const payment = await prisma().payment.create({
      data: { userId: alan.id, stripeSessionId: "cs_test_admin_list", kind: "token_package", packageId: "premium", tokens: 34900, amountCents: 3499 },
    });
    await credit(alan.id, { type: "purchased", amount: 34900, description: "Purchased 34,900 tokens", reference: { type: "payment", id: payment.id } });

    const page = async (query: string) => (await load(tokensLoader, `/admin/tokens?tab=transactions${query}`, setup.admin.cookie)).data as TokensPage;

    const first = await page("");
    expect(first.transactions).toMatchObject({ total: 25, page: 1, pageCount: 2 });
    expect(first.transactions!.transactions).toHaveLength(20);
    expect(first.transactions!.transactions[0]).toMatchObject({
      description: "Purchased 34,900 tokens",
      packageName: "Premium",
      person: { email: "alan@bletchley.example" },
    });
    expect(first.transactions!.transactions[1]!.description).toBe("Row 23");
    expect((await page("&page=2")).transactions!.transactions.map((row) => row.description)).toEqual(["Row 4", "Row 3", "Row 2", "Row 1", "Row 0"]);

    expect((await page("&q=GRACE")).transactions!.total).toBe(12);
    expect((await page("&q=hopper")).transactions!.total).toBe(12);
    expect((await page("&q=premium")).transactions!.transactions.map((row) => row.amount)).toEqual([34900]);
    expect((await page("&type=add")).transactions!.total).toBe(7);
    expect((await page("&type=deduct&token=free")).transactions!.total).toBe(12);
    expect((await page("&q=grace&token=purchased")).transactions!.total).toBe(4);
    // The search is taken literally and unknown filters are ignored.
    expect((await page("&q=%25")).transactions!.total).toBe(0);
    expect((await page("&type=steal&page=-3")).transactions).toMatchObject({ total: 25, page: 1 });
  });
});
