import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageFromAcceptHeader } from "~/lib/i18n/languages";
import { prisma } from "~/modules/db/db.server";
import { errorBody, AppError } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { runInRequestLanguage } from "~/modules/i18n/request.server";
import { prepareReply, messageFields, readMessage, runReply } from "~/modules/chat/reply.server";
import { getOwnSession, startChat } from "~/modules/chat/sessions.server";
import { parseFormData } from "~/modules/http/form.server";
import { credit } from "~/modules/tokens/ledger.server";
import { action as languageAction, loader as languageLoader } from "~/routes/language";
import { loader as rootLoader } from "~/root";
import { loader as textsLoader } from "~/routes/api/texts";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { sessionCookie, signedInPerson } from "../helpers/person";
import { routeArgs } from "../helpers/route-args";

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

const page = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
const rootLanguage = async (headers: Record<string, string>) => ((await rootLoader(routeArgs(page("/", headers)))) as { lang: string }).lang;

function choose(language: string, cookie?: string) {
  const body = new URLSearchParams({ language });
  const request = new Request("http://localhost/language", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return languageAction(routeArgs(request));
}

describe("the page's language", () => {
  it("is the browser's first language the product speaks, by weight, else English", async () => {
    expect(languageFromAcceptHeader("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.5")).toBe("es");
    expect(languageFromAcceptHeader("en;q=0.2, ja-JP")).toBe("ja");
    expect(languageFromAcceptHeader("de, fr")).toBeNull();
    expect(await rootLanguage({ "Accept-Language": "ja-JP,ja;q=0.9" })).toBe("ja");
    expect(await rootLanguage({ "Accept-Language": "de-DE" })).toBe("en");
    expect(await rootLanguage({})).toBe("en");
  });

  it("is the cookie /language sets, over the browser's", async () => {
    const answer = (await choose("es")) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/language?toast=language-changed");
    const cookie = answer.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^cv_lang=es; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(await rootLanguage({ Cookie: "cv_lang=es", "Accept-Language": "ja" })).toBe("es");
  });

  it("refuses a language the product does not speak, and changes nothing", async () => {
    const refused = await choose("fr").catch((error: unknown) => error);
    expect((refused as { status: number }).status).toBe(400);
  });

  it("follows a signed-in person to another browser: their choice is kept on their account", async () => {
    const { user, cookie } = await signedInPerson({ email: "polyglot@example.com" });
    await choose("ja", cookie);
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe("ja");
    // Another browser: the same account, no language cookie, a browser asking for Spanish.
    const elsewhere = await sessionCookie(user.id);
    expect(await rootLanguage({ Cookie: elsewhere, "Accept-Language": "es" })).toBe("ja");
    expect(await languageLoader(routeArgs(page("/language", { Cookie: elsewhere })))).toEqual({ signedIn: true });
  });
});

describe("the server's messages", () => {
  it("leave in the request's language, found by their English text, placeholders and all", () => {
    expect(translateMessage("Page not found", "es")).toBe("Página no encontrada");
    expect(translateMessage("Show banner {position}".replace("{position}", "3"), "ja")).toBe("バナー 3 を表示");
    expect(translateMessage("A text no catalogue holds", "ja")).toBe("A text no catalogue holds");
    const error = new AppError("gone", 404, "Page not found");
    expect(runInRequestLanguage(page("/", { Cookie: "cv_lang=es" }), () => errorBody(error).error)).toBe("Página no encontrada");
    expect(errorBody(error).error).toBe("Page not found");
  });
});

describe("/texts", () => {
  it("answers one namespace, compiled, and 404 for a language or namespace it does not have", async () => {
    const answer = (await textsLoader(routeArgs(page("/texts/es/common.json"), { params: { lang: "es", namespace: "common.json" } }))) as Response;
    expect(answer.status).toBe(200);
    expect((await answer.json())["nav.explore"]).toEqual(["Explorar"]);
    for (const params of [
      { lang: "fr", namespace: "common.json" },
      { lang: "es", namespace: "nothing.json" },
      { lang: "es", namespace: "mail.json" },
    ]) {
      expect(((await textsLoader(routeArgs(page("/texts/x"), { params }))) as Response).status).toBe(404);
    }
  });
});

describe("characters", () => {
  it("are asked to answer in the person's language, unless the person turned it off", async () => {
    const { user } = await signedInPerson({ email: "hablante@example.com" });
    await prisma().user.update({ where: { id: user.id }, data: { language: "es" } });
    await credit(user.id, { type: "free", amount: 500, description: "test" });
    const character = await prisma().character.findFirstOrThrow({ where: { isPublished: true } });
    const chat = await getOwnSession(user.id, await startChat(user.id, character.id));
    const ask = async (text: string) => {
      const form = new FormData();
      form.set("message", text);
      provider.fake.nextReply({ text: "¡Hola!" });
      await runReply(await prepareReply({ userId: user.id }, chat.id, readMessage(parseFormData(form, messageFields))), {});
      const body = provider.fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
      return body.messages[0]!.content;
    };
    expect(await ask("Hello")).toContain("Always answer in Spanish (español)");
    await prisma().user.update({ where: { id: user.id }, data: { replyInLanguage: false } });
    expect(await ask("Hello again")).not.toContain("Always answer in");
  });
});
