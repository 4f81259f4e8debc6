import { describe, expect, it } from "vitest";
import { adminUserTexts, insufficientTokensText, MAX_TOKEN_ADJUSTMENT } from "~/lib/admin-users";
import { listAuditEntries } from "~/modules/audit/audit.server";
import { prisma } from "~/modules/db/db.server";
import { deductTokens } from "~/modules/tokens/adjustments.server";
import { credit, getBalance, InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { action as userAction } from "~/routes/admin/users.$id";
import { confirmedAccount } from "../helpers/accounts";
import { postForm, signedInAccount } from "../helpers/admin-users";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { ledgerSum, newUser } from "../helpers/tokens";

databaseEmptiedBeforeEachTest();

const adjust = (cookie: string, userId: string, fields: Record<string, string>) =>
  postForm(userAction, `/admin/users/${userId}`, cookie, { intent: "adjust-tokens", ...fields }, { id: userId });

describe("an admin granting and deducting tokens", () => {
  it("changes the balance through ledger rows carrying the reason, and the rows always add up to it", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    expect(await adjust(cookie, ada.id, { direction: "grant", tokenType: "free", amount: "1000", reason: "Launch gift" })).toEqual({
      status: 302,
      location: `/admin/users/${ada.id}?toast=tokens-granted`,
    });
    await adjust(cookie, ada.id, { direction: "grant", tokenType: "purchased", amount: "300", reason: "Refund for order 42" });
    expect(await getBalance(ada.id)).toEqual({ free: 1000, purchased: 300, total: 1300 });

    expect(await adjust(cookie, ada.id, { direction: "deduct", tokenType: "purchased", amount: "500", reason: "Chargeback" })).toEqual({
      status: 302,
      location: `/admin/users/${ada.id}?toast=tokens-deducted`,
    });
    // Purchased first (all 300), the remaining 200 from the free ones.
    expect(await getBalance(ada.id)).toEqual({ free: 800, purchased: 0, total: 800 });
    expect(await ledgerSum(ada.id)).toBe(800);
    const rows = await prisma().tokenTransaction.findMany({ where: { userId: ada.id }, orderBy: [{ createdAt: "asc" }, { amount: "desc" }] });
    expect(rows.map((row) => [row.transactionType, row.tokenType, row.amount, row.description])).toEqual([
      ["add", "free", 1000, "Launch gift"],
      ["add", "purchased", 300, "Refund for order 42"],
      ["deduct", "purchased", 300, "Chargeback"],
      ["deduct", "free", 200, "Chargeback"],
    ]);

    const audit = (await listAuditEntries({ entityType: "user" })).entries;
    expect(audit.map((entry) => entry.action)).toEqual(["deduct-tokens", "grant-tokens", "grant-tokens"]);
    expect(audit[0]).toMatchObject({
      summary: "Deducted 500 purchased tokens (purchased first): Chargeback",
      before: { balance: { free: 1000, purchased: 300, total: 1300 } },
      after: { balance: { free: 800, purchased: 0, total: 800 } },
    });
  });

  it("refuses a deduction larger than the balance, and writes nothing", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    await adjust(cookie, ada.id, { direction: "grant", tokenType: "free", amount: "100", reason: "Gift" });
    const text = insufficientTokensText({ free: 100, purchased: 0, total: 100 });
    expect(await adjust(cookie, ada.id, { direction: "deduct", tokenType: "free", amount: "101", reason: "Too much" })).toMatchObject({
      status: 400,
      data: { error: text, fields: { amount: text } },
    });
    expect(await getBalance(ada.id)).toEqual({ free: 100, purchased: 0, total: 100 });
    expect(await prisma().tokenTransaction.count()).toBe(1);
    expect((await listAuditEntries({})).total).toBe(1);
  });

  it("needs a whole positive amount within the limit and a reason", async () => {
    const { cookie } = await signedInAccount();
    const ada = await confirmedAccount("ada@example.com");
    for (const amount of ["", "0", "-5", "2.5", "ten", String(MAX_TOKEN_ADJUSTMENT + 1)]) {
      expect(await adjust(cookie, ada.id, { direction: "grant", tokenType: "free", amount, reason: "Gift" }), amount).toMatchObject({
        status: 400,
        data: { fields: { amount: adminUserTexts.amountInvalid } },
      });
    }
    expect(await adjust(cookie, ada.id, { direction: "grant", tokenType: "free", amount: "10", reason: "   " })).toMatchObject({
      status: 400,
      data: { fields: { reason: adminUserTexts.reasonRequired } },
    });
    expect(await adjust(cookie, ada.id, { direction: "steal", tokenType: "free", amount: "10", reason: "x" })).toMatchObject({ status: 400 });
    expect(await prisma().tokenTransaction.count()).toBe(0);
    expect((await listAuditEntries({})).total).toBe(0);
  });
});

describe("deductTokens", () => {
  it("takes the chosen kind first and the rest from the other", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 50, description: "free" });
    await credit(userId, { type: "purchased", amount: 50, description: "bought" });
    expect(await deductTokens(userId, { takeFirst: "free", amount: 70, description: "x" })).toEqual({ free: 0, purchased: 30, total: 30 });
    await credit(userId, { type: "free", amount: 40, description: "free" });
    expect(await deductTokens(userId, { takeFirst: "purchased", amount: 20, description: "x" })).toEqual({ free: 40, purchased: 10, total: 50 });
    expect(await ledgerSum(userId)).toBe(50);
  });

  it("refuses with the balance when it does not cover the amount, including for someone with no balance row", async () => {
    const userId = await newUser();
    await expect(deductTokens(userId, { takeFirst: "free", amount: 1, description: "x" })).rejects.toBeInstanceOf(InsufficientTokensError);
    await credit(userId, { type: "purchased", amount: 5, description: "bought" });
    await expect(deductTokens(userId, { takeFirst: "free", amount: 6, description: "x" })).rejects.toMatchObject({
      balance: { free: 0, purchased: 5, total: 5 },
    });
    expect(await ledgerSum(userId)).toBe(5);
  });

  it("never lets concurrent deductions take more than the balance", async () => {
    const userId = await newUser();
    await credit(userId, { type: "free", amount: 100, description: "free" });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => deductTokens(userId, { takeFirst: "free", amount: 30, description: "x" })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(await getBalance(userId)).toEqual({ free: 10, purchased: 0, total: 10 });
    expect(await ledgerSum(userId)).toBe(10);
  });
});
