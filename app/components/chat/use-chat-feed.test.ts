import { describe, expect, test } from "vitest";
import { goneMessages } from "./use-chat-feed";

const kept = [
  { id: "a", createdAt: "2026-01-01T00:01:00.000Z" },
  { id: "b", createdAt: "2026-01-01T00:02:00.000Z" },
  { id: "c", createdAt: "2026-01-01T00:02:00.000Z" },
  { id: "d", createdAt: "2026-01-01T00:03:00.000Z" },
];
const since = kept[0]!.createdAt;

describe("which kept messages a check after a feed gap finds gone", () => {
  test("a whole answer: every kept message it does not list", () => {
    expect(goneMessages(kept, since, { ids: ["d", "b"], complete: true, from: since })).toEqual(["a", "c"]);
  });

  test("nothing, when every kept message is listed", () => {
    expect(goneMessages(kept, since, { ids: ["d", "c", "b", "a"], complete: true, from: since })).toEqual([]);
  });

  test("a cut answer: only those after the time from which it is whole (not those at that very time)", () => {
    // Listed: d, and one of the two at 00:02; the other at 00:02 and a are beyond what was listed.
    expect(goneMessages(kept, since, { ids: ["d", "b"], complete: false, from: "2026-01-01T00:02:00.000Z" })).toEqual([]);
    expect(goneMessages(kept, since, { ids: ["b"], complete: false, from: "2026-01-01T00:02:00.000Z" })).toEqual(["d"]);
  });
});
