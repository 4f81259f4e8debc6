import { describe, expect, it } from "vitest";
import { addressTime } from "./query-params";

describe("a time in an address", () => {
  it("takes a time as a page writes it, in any year the database holds", () => {
    expect(addressTime().safeParse("2026-01-01T00:00:00.000Z").success).toBe(true);
    expect(addressTime().safeParse("0001-01-01T00:00:00.000Z").success).toBe(true);
    expect(addressTime().safeParse("9999-12-31T23:59:59.999Z").success).toBe(true);
  });

  it("refuses year 0000, which PostgreSQL has not, and a day that does not exist, with the error it is given", () => {
    expect(addressTime({ error: "since must be a time" }).safeParse("0000-01-01T00:00:00.000Z").error?.issues[0]?.message).toBe("since must be a time");
    expect(addressTime().safeParse("2026-02-30T00:00:00.000Z").success).toBe(false);
  });
});
