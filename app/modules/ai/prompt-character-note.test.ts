import { describe, expect, it } from "vitest";
import { readDepthPrompt, type DepthPrompt } from "~/lib/documents/card-extras";
import { buildChatPrompt } from "./prompt.server";

// The character's note (a card's extensions.depth_prompt) placed as SillyTavern places it: `depth`
// messages from the end of the chat (the history sent and the new message), before the
// post-history instructions.
const history = ["one", "two", "three"].map((message, index) => ({ senderType: index % 2 === 0 ? ("user" as const) : ("agent" as const), message }));

function promptWith(depthPrompt: DepthPrompt | null) {
  return buildChatPrompt({
    agent: { name: "Mira", description: "A captain." },
    model: {},
    userName: "Sam",
    history,
    memoryMessages: 10,
    userMessage: "four",
    card: { postHistoryInstructions: "Be brief.", depthPrompt },
  }).messages.map((message) => `${message.role}:${message.content as string}`);
}

describe("the character's note", () => {
  it("at depth 0 follows the new message, before the post-history instructions", () => {
    expect(promptWith({ prompt: "{{char}} is tired.", depth: 0, role: "system" }).slice(1)).toEqual([
      "user:one",
      "assistant:two",
      "user:three",
      "user:four",
      "system:Mira is tired.",
      "system:Be brief.",
    ]);
  });

  it("at depth 1 comes before the new message, in the role it names", () => {
    expect(promptWith({ prompt: "{{user}} seems lost.", depth: 1, role: "assistant" }).slice(-3)).toEqual([
      "assistant:Sam seems lost.",
      "user:four",
      "system:Be brief.",
    ]);
  });

  it("deeper than the chat goes first, after the system message; without text there is none", () => {
    expect(promptWith({ prompt: "Remember the ship.", depth: 40, role: "user" })[1]).toBe("user:Remember the ship.");
    expect(promptWith(null)).toHaveLength(6);
  });

  it("reads a card's depth_prompt with SillyTavern's defaults: depth 4, role system", () => {
    expect(readDepthPrompt({ prompt: "Note." })).toEqual({ prompt: "Note.", depth: 4, role: "system" });
    expect(readDepthPrompt({ prompt: "Note.", depth: -2, role: "narrator" })).toEqual({ prompt: "Note.", depth: 4, role: "system" });
    expect(readDepthPrompt({ prompt: "Note.", depth: 2, role: "user" })).toEqual({ prompt: "Note.", depth: 2, role: "user" });
    expect(readDepthPrompt({ prompt: "  ", depth: 2 })).toBeNull();
    expect(readDepthPrompt("a text")).toBeNull();
    expect(readDepthPrompt(null)).toBeNull();
  });
});
