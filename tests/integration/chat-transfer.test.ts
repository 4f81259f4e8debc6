import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { startChat } from "~/modules/chat/sessions.server";
import { readSillyTavernChat } from "~/modules/chat/sillytavern-chat.server";
import { loader as exportLoader } from "~/routes/chat/export";
import { action as importAction, loader as importLoader } from "~/routes/chat/import";
import { loader as searchLoader } from "~/routes/chat/search";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { newSignedInPerson } from "../helpers/payments";
import { answerOf, routeArgs } from "../helpers/route-args";

const fixture = fs.readFileSync(path.resolve("tests/fixtures/sillytavern-chat.jsonl"), "utf8");

let db: TestDatabase;
let characterId: string;
let person: { userId: string; cookie: string };
let other: { userId: string; cookie: string };
let sessionId: string;

beforeAll(async () => {
  ({ db, characterId } = await chatTestDatabase());
  person = await newSignedInPerson();
  other = await newSignedInPerson();
  sessionId = await startChat(person.userId, characterId);
  const agentId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: sessionId } })).agentId;
  const at = (seconds: number) => new Date(Date.now() + 1000 * seconds);
  await prisma().chatMessage.createMany({
    data: [
      { sessionId, senderType: "user", senderId: person.userId, userId: person.userId, message: "Tell me about the lighthouse keeper", createdAt: at(1) },
      {
        sessionId,
        senderType: "agent",
        senderId: agentId,
        userId: person.userId,
        message: "The Lighthouse was dark that night, 100% dark.",
        alternatives: ["It was a calm night.", "The Lighthouse was dark that night, 100% dark."],
        selectedAlternative: 1,
        createdAt: at(2),
      },
    ],
  });
  // Someone else's chat with the same words: never in this person's results.
  const otherSession = await startChat(other.userId, characterId);
  await prisma().chatMessage.create({
    data: { sessionId: otherSession, senderType: "user", senderId: other.userId, userId: other.userId, message: "my own lighthouse secret" },
  });
});
afterAll(() => db.dispose());

const search = async (q: string, cookie = person.cookie) => {
  const url = `http://localhost/chat/search?${new URLSearchParams({ q })}`;
  return answerOf(() => searchLoader(routeArgs(new Request(url, { headers: { Cookie: cookie } }))));
};

async function download(id: string, format: string, cookie = person.cookie) {
  const response = (await exportLoader(
    routeArgs(new Request(`http://localhost/chat/${id}/export.${format}`, { headers: { Cookie: cookie } }), { params: { sessionId: id } }),
  )) as Response;
  return {
    status: response.status,
    disposition: response.headers.get("Content-Disposition"),
    type: response.headers.get("Content-Type"),
    body: await response.text(),
  };
}

async function upload(file: File | null, cookie = person.cookie, character = characterId) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("characterId", character);
  if (file) form.set("file", file);
  return answerOf(() => importAction(routeArgs(new Request("http://localhost/chat/import", { method: "POST", headers: { Cookie: cookie }, body: form }))));
}

/** A chat's messages as the person sees them: who, the text shown, every version and which is shown. */
async function messagesOf(id: string) {
  const rows = await prisma().chatMessage.findMany({ where: { sessionId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({
    sender: row.senderType === "user" ? "user" : "character",
    text: row.message,
    versions: row.alternatives,
    selectedVersion: row.selectedAlternative,
  }));
}

/** The new chat a successful import opens. */
const importedId = (answer: object) => /^\/chat\/([0-9a-f-]{36})$/.exec(("location" in answer && String(answer.location)) || "")?.[1] ?? "";

describe("searching one's messages", () => {
  it("finds the person's own messages and their characters' replies, newest first, and nobody else's", async () => {
    const found = (await search("LIGHTHOUSE")) as { status: number; data: { results: { sessionId: string; sender: string; snippet: { match: string } }[] } };
    expect(found.status).toBe(200);
    expect(found.data.results.map((result) => [result.sender, result.snippet.match, result.sessionId])).toEqual([
      ["character", "Lighthouse", sessionId],
      ["user", "lighthouse", sessionId],
    ]);
  });

  it("matches % and _ as the letters they are", async () => {
    expect(((await search("100%")) as { data: { results: unknown[] } }).data.results).toHaveLength(1);
    expect(((await search("%")) as { data: { results: unknown[] } }).data.results).toHaveLength(1);
    expect(((await search("_")) as { data: { results: unknown[] } }).data.results).toHaveLength(0);
  });

  it("is for a signed-in person", async () => {
    expect(await search("lighthouse", "")).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fchat%2Fsearch%3Fq%3Dlighthouse" });
  });
});

describe("exporting a chat", () => {
  it("downloads SillyTavern's chat file, this app's JSON and plain text", async () => {
    const jsonl = await download(sessionId, "jsonl");
    expect(jsonl.status).toBe(200);
    expect(jsonl.disposition).toMatch(/^attachment; filename=".+\.jsonl"/);
    const read = readSillyTavernChat(jsonl.body);
    expect(read.messages.map(({ sender, text, versions, selectedVersion }) => ({ sender, text, versions, selectedVersion }))).toEqual(
      await messagesOf(sessionId),
    );

    const json = await download(sessionId, "json");
    expect(json.disposition).toMatch(/^attachment; filename=".+\.json"/);
    const parsed = JSON.parse(json.body) as { character: { id: string }; messages: { sender: string; text: string; versions: string[]; time: string }[] };
    expect(parsed.character.id).toBe(characterId);
    expect(parsed.messages.at(-1)).toMatchObject({
      sender: "character",
      text: "The Lighthouse was dark that night, 100% dark.",
      versions: ["It was a calm night.", "The Lighthouse was dark that night, 100% dark."],
    });

    const text = await download(sessionId, "txt");
    expect(text.type).toBe("text/plain; charset=utf-8");
    expect(text.body).toContain(": Tell me about the lighthouse keeper\n\n");
  });

  it("of another person's chat answers 404; signed out, sign in first", async () => {
    for (const format of ["json", "jsonl", "txt"]) expect((await download(sessionId, format, other.cookie)).status).toBe(404);
    expect((await download("not-a-chat", "json")).status).toBe(404);
    const signedOut = await answerOf(() =>
      exportLoader(routeArgs(new Request(`http://localhost/chat/${sessionId}/export.json`), { params: { sessionId } }) as never),
    );
    expect(signedOut.status).toBe(302);
  });
});

describe("importing a SillyTavern chat", () => {
  it("offers the characters the person chats with", async () => {
    const page = (await answerOf(() => importLoader(routeArgs(new Request("http://localhost/chat/import", { headers: { Cookie: person.cookie } }))))) as {
      data: { characters: { id: string }[] };
    };
    expect(page.data.characters.map((character) => character.id)).toContain(characterId);
  });

  it("opens a new chat with the file's messages, their swipes and the one shown", async () => {
    const answer = await upload(new File([fixture], "Seraphina - 2024-09-27.jsonl", { type: "application/jsonl" }));
    expect(answer.status).toBe(302);
    const id = importedId(answer);
    expect(id).not.toBe(sessionId);
    const fromFile = readSillyTavernChat(fixture).messages.map(({ sender, text, versions, selectedVersion }) => ({ sender, text, versions, selectedVersion }));
    expect(await messagesOf(id)).toEqual(fromFile);
    expect(await prisma().chatSession.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: person.userId });
  });

  it("exported and imported again, a chat has the same messages", async () => {
    const exported = await download(sessionId, "jsonl");
    const answer = await upload(new File([exported.body], "chat.jsonl"));
    expect(answer.status).toBe(302);
    expect(await messagesOf(importedId(answer))).toEqual(await messagesOf(sessionId));
  });

  it("refuses a file that is not a chat with the reason, and writes nothing", async () => {
    const before = await prisma().chatSession.count();
    const refusals = [
      [await upload(null), 400, "Choose a SillyTavern chat file (.jsonl)"],
      [await upload(new File(["hello there"], "notes.jsonl")), 400, "Line 1 of this file is not valid JSON"],
      [
        await upload(new File(['{"mes":"Hi","is_user":true}'], "chat.jsonl")),
        400,
        "This is not a SillyTavern chat: its first line has no user_name or character_name",
      ],
      [await upload(new File([new Uint8Array([0xff, 0xfe, 0x00, 0xd8])], "chat.jsonl")), 400, "This file is not text: a SillyTavern chat is a .jsonl file"],
      [await upload(new File(["x".repeat(5 * 1024 * 1024 + 1)], "big.jsonl")), 413, "A chat file can be at most 5 MB"],
    ] as const;
    for (const [answer, status, error] of refusals) expect(answer, error).toMatchObject({ status, data: { ok: false, error } });
    expect(await prisma().chatSession.count()).toBe(before);
  });

  it("onto someone else's private character answers 404", async () => {
    const hidden = await prisma().character.create({ data: { name: "Hidden", isPublished: false, createdById: other.userId } });
    await expect(upload(new File([fixture], "chat.jsonl"), person.cookie, hidden.id)).rejects.toMatchObject({ init: { status: 404 } });
  });
});
