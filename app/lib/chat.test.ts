import { describe, expect, it } from "vitest";
import { chatTexts, costLabel } from "./chat";

describe("a model's cost as the agent details show it", () => {
  it("is Free at 0 tokens, whatever the unit", () => {
    expect(costLabel(0, "message")).toBe("Free");
    expect(costLabel(0, "5_seconds")).toBe("Free");
  });

  it("is the tokens per unit, without a 1_ or 5_ prefix, per message by default", () => {
    expect(costLabel(20, "message")).toBe("20 tokens per message");
    expect(costLabel(20, null)).toBe("20 tokens per message");
    expect(costLabel(20, "")).toBe("20 tokens per message");
    expect(costLabel(40, "1_file")).toBe("40 tokens per file");
    expect(costLabel(15, "5_seconds")).toBe("15 tokens per seconds");
    expect(costLabel(60, "1_megabitpixiels")).toBe("60 tokens per megabitpixiels");
  });
});

describe("the composer's character count", () => {
  it("counts towards the limit, and says when the message is full", () => {
    expect(chatTexts.messageLength(3600)).toBe("3,600 / 4,000 characters");
    expect(chatTexts.messageLength(4000)).toBe("4,000 / 4,000 characters: the most a message can hold");
  });
});
