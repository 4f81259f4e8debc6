import { describe, expect, test } from "vitest";
import { agentDocumentFor, agentDocumentSchema, agentDocumentTexts, agentStreams, agentTemperature, parseAgentDocument } from "./agent-document";
import { detailTexts } from "./character-details";

describe("an agent's document", () => {
  test("a stored document reads as it is: chat model, own temperature, and the copied details", () => {
    const read = parseAgentDocument({ chat_model: "deepseek-v3", temperature: 1.1, details: { voice: "Soft", temperature: 0.2, isStream: false } });
    expect(read).toEqual({ chat_model: "deepseek-v3", temperature: 1.1, details: { texts: { voice: "Soft" }, temperature: 0.2, isStream: false } });
    expect(agentTemperature(read)).toBe(1.1);
    expect(agentStreams(read)).toBe(false);
  });

  test("the details' temperature counts when the document sets none (or none valid); replies stream unless isStream is false", () => {
    expect(agentTemperature(parseAgentDocument({ details: { temperature: 0.2 } }))).toBe(0.2);
    expect(agentTemperature(parseAgentDocument({ temperature: 9, details: { temperature: 1.3 } }))).toBe(1.3);
    expect(agentTemperature(parseAgentDocument({ temperature: "1.5" }))).toBeNull();
    expect(agentStreams(parseAgentDocument({ details: { isStream: true } }))).toBe(true);
    expect(agentStreams(parseAgentDocument({ details: { isStream: "false" } }))).toBe(true);
  });

  test("malformed stored documents read as not set, without throwing", () => {
    for (const nonsense of [null, "deepseek-v3", 7, [], { chat_model: 3, temperature: null, details: "Soft" }]) {
      const read = parseAgentDocument(nonsense);
      expect(read).toEqual({ chat_model: null, temperature: null, details: { texts: {}, temperature: null, isStream: null } });
      expect(agentTemperature(read)).toBeNull();
      expect(agentStreams(read)).toBe(true);
    }
  });

  test("a new agent's document copies its character's chat model and details, tidied", () => {
    expect(agentDocumentFor({ chatModel: "deepseek-v3", details: { voice: " Soft ", age: 30, temperature: 0.4, isStream: false } })).toEqual({
      chat_model: "deepseek-v3",
      details: { voice: "Soft", temperature: 0.4, isStream: false },
    });
    expect(agentDocumentFor({ chatModel: null, details: null })).toEqual({ chat_model: null, details: {} });
  });

  test("a write with parts of the wrong type is refused with the reason", () => {
    const refused = (value: unknown) => agentDocumentSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused({ chat_model: 3, temperature: 2.5, details: { isStream: "no" } })).toEqual([
      { path: ["chat_model"], message: agentDocumentTexts.chatModel },
      { path: ["temperature"], message: detailTexts.temperature },
      { path: ["details", "isStream"], message: detailTexts.isStream },
    ]);
    expect(refused({ model: "deepseek-v3" })?.[0]?.message).toBe('Unrecognized key: "model"');
  });
});
