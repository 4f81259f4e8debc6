import { describe, expect, test } from "vitest";
import { readPromptGuide, searchPromptGuide } from "./prompt-guide";

const guide = {
  ask_me: [
    { category: "The Night Sky", prompts: ["Why do stars twinkle?", "Best meteor shower?"] },
    { category: "Late-Night Talks", prompts: ["Do you believe there's life out there?"] },
  ],
  send_me: { category: "Photos", prompts: ["Send me a photo of your telescope"] },
  show_me: { category: "Empty", prompts: [] },
  chat_basics: { category: "Getting to Know Me", prompts: ["Tell me about yourself"] },
};

describe("the prompt guide", () => {
  test("keeps the spec's section order and drops sections without prompts", () => {
    expect(readPromptGuide(guide).map((section) => section.title)).toEqual(["Ask Me", "Send Me", "Chat Basics"]);
    expect(readPromptGuide(null)).toEqual([]);
    expect(readPromptGuide({ ask_me: "nonsense" })).toEqual([]);
  });

  test("search looks across every section, by prompt or by category", () => {
    const sections = readPromptGuide(guide);
    expect(searchPromptGuide(sections, "TELESCOPE").flatMap((section) => section.groups.flatMap((group) => group.prompts))).toEqual([
      "Send me a photo of your telescope",
    ]);
    expect(searchPromptGuide(sections, "night sky")[0]!.groups[0]!.prompts).toHaveLength(2);
    expect(searchPromptGuide(sections, "no such words")).toEqual([]);
    expect(searchPromptGuide(sections, "  ")).toBe(sections);
  });
});
