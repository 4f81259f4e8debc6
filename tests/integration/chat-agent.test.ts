import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { agentTexts } from "~/lib/agent-form";
import { prisma } from "~/modules/db/db.server";
import { agentFields, updateOwnAgent } from "~/modules/chat/agents.server";
import { parseFormData } from "~/modules/http/form.server";
import { chooseChatModel, EVERY_MODEL } from "~/modules/chat/model-choice.server";
import { ChatNotFoundError } from "~/modules/chat/errors.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { newUser } from "../helpers/tokens";

let db: TestDatabase;
let userId: string;
let agentId: string;
beforeAll(async () => {
  const started = await chatTestDatabase();
  db = started.db;
  userId = await newUser();
  agentId = (await getOwnSession(userId, await startChat(userId, started.characterId))).agentId;
});
afterAll(() => db.dispose());

function agentForm(fields: Record<string, string | File>) {
  const form = new FormData();
  const base = { name: "Nova", description: "A calmer copy", bio: "Mine now", systemInstruction: "Be brief.", messageInstruction: "" };
  for (const [key, value] of Object.entries({ ...base, ...fields })) form.set(key, value);
  return parseFormData(form, agentFields);
}

describe("editing one's own agent", () => {
  test("saves the texts and a published model per type, which then answers the chat", async () => {
    const result = await updateOwnAgent(userId, agentId, agentForm({ "model:chat": "Demo Chat (offline)" }));
    expect(result).toEqual({ ok: true });
    const agent = await prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId } });
    expect(agent).toMatchObject({ name: "Nova", description: "A calmer copy", bio: "Mine now", systemInstruction: "Be brief.", messageInstruction: null });
    expect(agent.customModels).toEqual([{ chat: "Demo Chat (offline)" }]);
    const model = await chooseChatModel({ customModels: agent.customModels, document: agent.document, characterChatModel: null }, EVERY_MODEL);
    expect(model?.chatModel).toBe("Demo Chat (offline)");
  });

  test("an empty name or an unpublished model is refused and changes nothing", async () => {
    const before = await prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId } });
    expect(await updateOwnAgent(userId, agentId, agentForm({ name: "  " }))).toEqual({
      ok: false,
      error: agentTexts.updateFailed,
      fields: { name: "Name is required" },
    });
    const refused = await updateOwnAgent(userId, agentId, agentForm({ name: "Other", "model:chat": "deepseek-v3" }));
    expect(refused).toMatchObject({ ok: false, fields: { "model:chat": "Choose a published model" } });
    expect(await prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId } })).toEqual(before);
  });

  test("a picture is checked by its content, not its name", async () => {
    const fake = new File(["<svg onload=alert(1)>"], "face.png", { type: "image/png" });
    const result = await updateOwnAgent(userId, agentId, agentForm({ avatar: fake }));
    expect(result).toEqual({ ok: false, error: `${agentTexts.uploadFailed}: Only images can be used as an avatar` });
  });

  test("someone else's agent does not exist for this person", async () => {
    const stranger = await newUser();
    await expect(updateOwnAgent(stranger, agentId, agentForm({ name: "Stolen" }))).rejects.toBeInstanceOf(ChatNotFoundError);
    expect((await prisma().chatAgent.findUniqueOrThrow({ where: { id: agentId } })).name).not.toBe("Stolen");
  });
});
