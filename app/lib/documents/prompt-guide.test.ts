import { describe, expect, test } from "vitest";
import { emptyPromptGuide, parsePromptGuide, promptGuideSchema, promptGuideTexts } from "./prompt-guide";

const guide = {
  ask_me: [
    { category: "The Night Sky", prompts: ["Why do stars twinkle?", "Best meteor shower?"] },
    { category: "Late-Night Talks", prompts: ["Do you believe there's life out there?"] },
  ],
  send_me: { category: "Photos", prompts: ["Send me a photo of your telescope"] },
  show_me: { category: "Sky", prompts: ["Show me Jupiter"] },
  can_i_see: { category: "Gear", prompts: ["Can I see your telescope?"] },
  chat_basics: { category: "Getting to Know Me", prompts: ["Tell me about yourself"] },
};

describe("prompt_guide", () => {
  test("a stored guide of the spec's shape reads as it is", () => {
    expect(parsePromptGuide(guide)).toEqual(guide);
  });

  test("missing sections read as none", () => {
    expect(parsePromptGuide({ ask_me: guide.ask_me })).toEqual({ ...emptyPromptGuide(), ask_me: guide.ask_me });
  });

  test("malformed stored parts are left out, without throwing", () => {
    for (const nonsense of [null, "guide", 42, [guide]]) expect(parsePromptGuide(nonsense)).toEqual(emptyPromptGuide());
    expect(
      parsePromptGuide({
        ask_me: [{ category: 7, prompts: ["Why?", 3, "  ", null] }, { category: "Empty", prompts: [] }, "nonsense", { category: "No list", prompts: "Why?" }],
        send_me: { category: "Photos", prompts: "not a list" },
        show_me: "nonsense",
        can_i_see: null,
        chat_basics: 12,
      }),
    ).toEqual({ ...emptyPromptGuide(), ask_me: [{ category: "", prompts: ["Why?"] }] });
  });

  test("one group stored where a list belongs is read as a list, and a list where one group belongs gives its first usable group", () => {
    const read = parsePromptGuide({ ask_me: guide.send_me, send_me: [{ category: "None", prompts: [] }, guide.send_me, guide.show_me] });
    expect(read.ask_me).toEqual([guide.send_me]);
    expect(read.send_me).toEqual(guide.send_me);
  });

  test("a write of the spec's shape passes, trimmed; the single-group sections may be left out", () => {
    expect(promptGuideSchema.parse(guide)).toEqual(guide);
    expect(promptGuideSchema.parse({ ask_me: [{ category: " Sky ", prompts: [" Why? "] }] })).toEqual({ ask_me: [{ category: "Sky", prompts: ["Why?"] }] });
    expect(promptGuideSchema.parse({})).toEqual({ ask_me: [] });
  });

  test("a write with an empty category or prompt, no prompts, or an unknown section is refused with the reason", () => {
    const refused = (value: unknown) => promptGuideSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused({ ask_me: [{ category: "", prompts: ["Why?"] }] })).toEqual([{ path: ["ask_me", 0, "category"], message: promptGuideTexts.category }]);
    expect(refused({ send_me: { category: "Photos", prompts: [] } })).toEqual([{ path: ["send_me", "prompts"], message: promptGuideTexts.prompts }]);
    expect(refused({ show_me: { category: "Sky", prompts: ["  ", 4] } })).toEqual([
      { path: ["show_me", "prompts", 0], message: promptGuideTexts.prompt },
      { path: ["show_me", "prompts", 1], message: promptGuideTexts.prompt },
    ]);
    expect(refused({ show_me: [guide.show_me] })?.[0]?.path).toEqual(["show_me"]);
    expect(refused({ tell_me: guide.send_me })?.[0]?.message).toBe('Unrecognized key: "tell_me"');
  });
});
