import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppError } from "~/modules/http/errors.server";
import {
  readSendDate,
  readSillyTavernChat,
  sillyTavernChatFile,
  sillyTavernCreateDate,
  sillyTavernSendDate,
  type ChatTranscript,
} from "./sillytavern-chat.server";

/** A chat file as SillyTavern writes it (header line, a greeting with alternate greetings, replies with swipes). */
const fixture = fs.readFileSync(path.resolve("tests/fixtures/sillytavern-chat.jsonl"), "utf8");
const fixtureLines = fixture.split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);

/** The reason a file is refused with, and its status. */
function refusal(text: string) {
  try {
    readSillyTavernChat(text);
  } catch (error) {
    if (isAppError(error)) return { status: error.status, error: error.message };
    throw error;
  }
  return null;
}

const transcript: ChatTranscript = {
  id: "00000000-0000-4000-8000-000000000001",
  createdAt: new Date("2026-11-28T09:05:07Z"),
  userName: "Alex",
  character: { id: "00000000-0000-4000-8000-000000000002", name: "Seraphina" },
  messages: [
    { sender: "character", text: "Hello", versions: ["Hi", "Hello"], selectedVersion: 1, time: new Date("2026-11-28T09:05:07Z"), type: "chat" },
    { sender: "user", text: "Where am I?\nTell me 🌙", versions: [], selectedVersion: 0, time: new Date("2026-11-28T21:06:00Z"), type: "chat" },
    { sender: "character", text: "In my glade.", versions: [], selectedVersion: 0, time: new Date("2026-11-28T21:07:30Z"), type: "chat" },
  ],
};

describe("a SillyTavern chat file", () => {
  it("is read with its names, every message in order, who wrote it, its swipes and the one shown, and its time", () => {
    const chat = readSillyTavernChat(fixture);
    expect(chat.userName).toBe("Alex");
    expect(chat.characterName).toBe("Seraphina");
    expect(chat.messages.map(({ sender, text, versions, selectedVersion }) => ({ sender, text, versions, selectedVersion }))).toEqual(
      fixtureLines.slice(1).map((line) => ({
        sender: line.is_user ? "user" : "character",
        text: line.mes,
        versions: Array.isArray(line.swipes) && line.swipes.length > 1 ? line.swipes : [],
        selectedVersion: Array.isArray(line.swipes) && line.swipes.length > 1 ? line.swipe_id : 0,
      })),
    );
    expect(chat.messages[0]!.time).toEqual(new Date("2024-09-27T21:14:00Z"));
    expect(chat.messages[2]!.versions[chat.messages[2]!.selectedVersion]).toBe(chat.messages[2]!.text);
  });

  it("reads every send_date form SillyTavern has written", () => {
    expect(readSendDate("June 19, 2023 2:20pm")).toEqual(new Date("2023-06-19T14:20:00Z"));
    expect(readSendDate("June 19, 2023 12:05am")).toEqual(new Date("2023-06-19T00:05:00Z"));
    expect(readSendDate("2024-7-12@01h31m37s")).toEqual(new Date("2024-07-12T01:31:37Z"));
    expect(readSendDate("2024-6-5 @14h 56m 50s 682ms")).toEqual(new Date("2024-06-05T14:56:50.682Z"));
    expect(readSendDate(1718000000000)).toEqual(new Date(1718000000000));
    expect(readSendDate("2025-01-02T03:04:05.678Z")).toEqual(new Date("2025-01-02T03:04:05.678Z"));
    expect(readSendDate("yesterday")).toBeNull();
    expect(readSendDate(undefined)).toBeNull();
  });

  it("is written as SillyTavern writes it: the header first, then each message with the keys and types its own files have", () => {
    const lines = sillyTavernChatFile(transcript)
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toEqual({ user_name: "Alex", character_name: "Seraphina", create_date: "2026-11-28@09h05m07s", chat_metadata: {} });
    expect(Object.keys(lines[0]!)).toEqual(Object.keys(fixtureLines[0]!));
    // Every key a written message has, SillyTavern's own file has on a message from the same side, with a value of the same type.
    const typeOf = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);
    for (const line of lines.slice(1)) {
      const sameSide = fixtureLines.slice(1).filter((own) => own.is_user === line.is_user);
      for (const [key, value] of Object.entries(line)) {
        const own = sameSide.find((message) => key in message);
        expect(own, `${key} on a ${line.is_user ? "user" : "character"} message`).toBeDefined();
        expect(typeOf(value), key).toBe(typeOf(own![key]));
      }
      for (const key of ["name", "is_user", "send_date", "mes", "extra"]) expect(line).toHaveProperty(key);
      expect(readSendDate(line.send_date)).not.toBeNull();
    }
    expect(lines[1]).toMatchObject({
      name: "Seraphina",
      is_user: false,
      mes: "Hello",
      swipes: ["Hi", "Hello"],
      swipe_id: 1,
      send_date: "November 28, 2026 9:05am",
    });
    expect(lines[2]).toMatchObject({ name: "Alex", is_user: true, mes: "Where am I?\nTell me 🌙", send_date: "November 28, 2026 9:06pm" });
    expect(lines[3]).toMatchObject({ swipes: ["In my glade."], swipe_id: 0 });
  });

  it("written and read again gives the same messages", () => {
    const read = readSillyTavernChat(sillyTavernChatFile(transcript));
    expect(read.messages.map(({ sender, text, versions, selectedVersion }) => ({ sender, text, versions, selectedVersion }))).toEqual(
      transcript.messages.map(({ sender, text, versions, selectedVersion }) => ({ sender, text, versions, selectedVersion })),
    );
    expect(read.messages.map((message) => message.time)).toEqual(
      transcript.messages.map((message) => new Date(Math.floor(message.time.getTime() / 60_000) * 60_000)),
    );
  });

  it("gives its dates in SillyTavern's forms", () => {
    expect(sillyTavernSendDate(new Date("2024-09-27T00:07:00Z"))).toBe("September 27, 2024 12:07am");
    expect(sillyTavernSendDate(new Date("2024-09-27T12:00:00Z"))).toBe("September 27, 2024 12:00pm");
    expect(sillyTavernCreateDate(new Date("2024-09-07T05:04:03Z"))).toBe("2024-09-07@05h04m03s");
  });

  it("that is not one is refused with the reason, 400", () => {
    expect(refusal("not json at all")).toEqual({ status: 400, error: "Line 1 of this file is not valid JSON" });
    expect(refusal('{"name":"Seraphina","is_user":false,"mes":"Hi"}')).toEqual({
      status: 400,
      error: "This is not a SillyTavern chat: its first line has no user_name or character_name",
    });
    expect(refusal(`${fixtureLines.map((line) => JSON.stringify(line)).join("\n")}\n{"mes":"half`)).toEqual({
      status: 400,
      error: "Line 7 of this file is not valid JSON",
    });
    expect(refusal('{"user_name":"Alex","character_name":"S"}\n{"name":"S","mes":"Hi"}')).toEqual({
      status: 400,
      error: "Line 2 is not a chat message: it needs a text (mes) and is_user",
    });
    expect(refusal('{"user_name":"Alex","character_name":"S"}\n')).toEqual({ status: 400, error: "This chat has no messages to import" });
  });

  it("keeps at most a message's number of versions, the shown one among them", () => {
    const swipes = Array.from({ length: 30 }, (_, index) => `Version ${index}`);
    const file = `{"user_name":"A","character_name":"S"}\n${JSON.stringify({ name: "S", is_user: false, mes: "Version 27", swipes, swipe_id: 27 })}`;
    const [message] = readSillyTavernChat(file).messages;
    expect(message!.versions).toHaveLength(20);
    expect(message!.versions[message!.selectedVersion]).toBe("Version 27");
  });
});
