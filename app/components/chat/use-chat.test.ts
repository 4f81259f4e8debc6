import { describe, expect, test } from "vitest";
import { latestCopies } from "./use-chat";

describe("the messages a chat shows from its server pages, live events and sends", () => {
  test("each once, the first copy kept, deleted ones left out", () => {
    const shown = latestCopies(
      [
        { id: "a", message: "one" },
        { id: "b", message: "two" },
        { id: "a", message: "one again" },
        { id: "c", message: "gone" },
      ],
      new Set(["c"]),
    );
    expect(shown.map((message) => message.message)).toEqual(["one", "two"]);
  });

  test("an edit shows its newest text in the message's place, whichever copy brought it", () => {
    const shown = latestCopies(
      [
        { id: "a", message: "edited twice", edited: "2026-11-28T10:02:00.000Z" },
        { id: "b", message: "reply" },
        { id: "a", message: "edited once", edited: "2026-11-28T10:01:00.000Z" },
        { id: "b", message: "reply, edited", edited: "2026-11-28T10:03:00.000Z" },
      ],
      new Set(),
    );
    expect(shown.map((message) => message.message)).toEqual(["edited twice", "reply, edited"]);
  });
});
