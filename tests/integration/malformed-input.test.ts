// Malformed input on every route of app/routes.ts, through the app's request handler, signed in as a
// person, as an admin and anonymously: bodies that are not forms, NUL characters PostgreSQL cannot
// store, numbers and dates out of range, files where text is expected, forms over their size.
// Each is a mistake of the client's, answered 4xx; none is a server failure (5xx) or logged as an error.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startChat } from "~/modules/chat/sessions.server";
import { prisma } from "~/modules/db/db.server";
import { logger } from "~/modules/logging/logger.server";
import { chatTestDatabase } from "../helpers/chat";
import type { TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { appRequestHandler, appRoutesAsBuilt } from "../helpers/request-handler";
import { newUser } from "../helpers/tokens";
import { person } from "../helpers/person";

type Handle = Awaited<ReturnType<typeof appRequestHandler>>;
type Route = { url: string; module: Record<string, unknown>; resource: boolean };

let db: TestDatabase;
let handle: Handle;
let routes: Route[];
let userId: string;
let cookie: string;
let sessionId: string;
let adminId: string;
let adminCookie: string;

beforeAll(async () => {
  const started = await chatTestDatabase();
  db = started.db;
  userId = await newUser();
  sessionId = await startChat(userId, started.characterId);
  await prisma().chatMessage.create({ data: { sessionId, senderType: "user", senderId: userId, userId, message: "Hello" } });
  handle = await appRequestHandler();
  routes = concreteRoutes(await appRoutesAsBuilt(), { sessionId, ...(await consoleRecords(started.characterId)) });
});
afterAll(() => db.dispose());
// A test's posts may sign out (the logout route): each starts signed in.
beforeEach(async () => {
  cookie = await signedInCookie(userId);
  adminCookie = await signedInCookie(adminId);
});

/**
 * A record of each kind the console edits, for its routes' params: a plan, a package, a model, a
 * detail, a banner, a ticket, a character and a person (not the one the other requests sign in as,
 * since the console's posts may suspend or delete them). The admin is made here too.
 */
async function consoleRecords(chatCharacterId: string) {
  adminId = (await person({ email: "malformed.admin@example.com", role: "admin" })).id;
  const target = await newUser();
  const ticket = await prisma().ticket.create({ data: { userId: target, topic: "Help", message: "Please" } });
  const banner = await prisma().banner.create({ data: { title: "Banner", imageUrl: "banners/a.png" } });
  // Another character than the chat's: the console's posts may delete it, and its chats with it.
  const character = await prisma().character.findFirstOrThrow({ where: { isPublished: true, id: { not: chatCharacterId } } });
  const [plan, tokenPackage, model, detail] = await Promise.all([
    prisma().plan.findFirstOrThrow({ orderBy: { priceCents: "desc" } }),
    prisma().tokenPackage.findFirstOrThrow(),
    prisma().chatModel.findFirstOrThrow(),
    prisma().characterDetailDefinition.findFirstOrThrow(),
  ]);
  return {
    characterId: character.id,
    id: target,
    ticketId: ticket.id,
    bannerId: banner.id,
    planId: plan.id,
    packageId: tokenPackage.id,
    modelId: model.id,
    detailId: String(detail.id),
  };
}

const errorLog = vi.spyOn(logger, "error").mockImplementation(() => {});
afterEach(() => errorLog.mockClear());

/** Every route a request can end at, with its params filled in: a real chat and character of the signed-in person. */
function concreteRoutes(built: Awaited<ReturnType<typeof appRoutesAsBuilt>>, values: Record<string, string>) {
  const all = Object.values(built);
  const pathOf = (id: string | undefined): string => {
    const route = id ? built[id] : undefined;
    if (!route) return "";
    return [pathOf(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  // A route with a path of its own answers there, a list with its editors drawn over it as well.
  return all
    .filter((route) => route.id !== "root" && (route.path !== undefined || route.index))
    .map((route) => {
      const path = pathOf(route.id)
        .replace(/:(\w+)/g, (_, name: string) => values[name] ?? "x")
        .replace("*", "avatar.png");
      const module = route.module as Record<string, unknown>;
      return { url: `http://localhost/${path}${route.index ? "?index" : ""}`, module, resource: !module.default && !module.ErrorBoundary };
    });
}

/** Field values a person's form never holds: a NUL in every field any of the app's forms reads. */
const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "confirmation",
  "name",
  "bio",
  "description",
  "message",
  "messageId",
  "messageInstruction",
  "systemInstruction",
];
const INTENTS = [
  "",
  "resend",
  "cancel",
  "profile",
  "avatar",
  "change-password",
  "delete-account",
  "send",
  "regenerate",
  "delete",
  "edit-agent",
  "claim",
  "buy",
  "toggle-cancel",
];
function nulForm(intent: string) {
  const form = new URLSearchParams(Object.fromEntries(FIELDS.map((field) => [field, field === "email" ? "a\u0000@x.io" : `x\u0000y`])));
  form.set("token", "\u0000");
  form.set("packageId", "\u0000");
  form.set("planId", "\u0000");
  form.set("redirectTo", "/\u0000");
  if (intent) form.set("intent", intent);
  return form;
}

const MALFORMED_BODIES: [string, () => { body: BodyInit; type?: string }][] = [
  ["JSON", () => ({ body: JSON.stringify({ email: "a@x.io", intent: "send", message: "hi" }), type: "application/json" })],
  ["text/plain", () => ({ body: "email=a@x.io&intent=send&message=hi", type: "text/plain" })],
  ["no content type", () => ({ body: "email=a@x.io" })],
  ["multipart cut short", () => ({ body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend', type: "multipart/form-data; boundary=b" })],
  ["multipart without a boundary", () => ({ body: "intent=send", type: "multipart/form-data" })],
  ...INTENTS.map((intent): [string, () => { body: BodyInit; type?: string }] => [
    `urlencoded with NUL (intent "${intent}")`,
    () => ({ body: nulForm(intent).toString(), type: "application/x-www-form-urlencoded" }),
  ]),
  [
    "a character card nested 3,000 deep, in a category past any id",
    () => {
      const form = new FormData();
      form.set("categoryId", "99999999999999999999");
      const card = { spec: "chara_card_v2", spec_version: "2.0", data: { name: "Deep", description: "d", extensions: {} as Record<string, unknown> } };
      let nested: Record<string, unknown> = card.data.extensions;
      for (let depth = 0; depth < 3000; depth += 1) nested = nested.deeper = {};
      form.set("card", new File([JSON.stringify(card)], "deep.json", { type: "application/json" }));
      return { body: form };
    },
  ],
  [
    "multipart with a NUL in a file's name",
    () => {
      const form = new FormData();
      form.set("intent", "avatar");
      form.set("avatar", new File([new Uint8Array(8)], "a\u0000.png", { type: "image/png" }));
      form.set("file", new File([new Uint8Array(8)], "a\u0000.png", { type: "image/png" }));
      return { body: form };
    },
  ],
];

/** Every field the console's forms (and the others') read, and every intent they post. */
const CONSOLE_FIELDS = [
  ...FIELDS,
  ...["acceptsImages", "active", "aiPlatform", "amount", "apiKey", "apiUrl", "categoryId", "chatModel", "contextTokens", "costTokens", "costUnit"],
  ...["ctaTitle", "ctaUrl", "direction", "discount", "displayCategories", "featureEnabled", "featureText", "id", "imageId", "interval", "isActive"],
  ...["isPopular", "isPublished", "isStream", "isWebhook", "modelId", "modelType", "options", "packageId", "planId", "price", "prompt", "public"],
  ...["publish", "published", "reason", "removeApiKey", "role", "settingName", "settingOptions", "startAt", "status", "tags", "ticketId", "title"],
  ...["tokenType", "tokens", "topic", "type", "version", "weight", "welcomeMessage", "personality", "scenario", "creatorNotes", "mesExample"],
  ...["memoryMessages", "priorityJobs", "earlyAccess", "chatImages", "chatVideo", "chatVoice", "setting.image_size", "customModels.0.type"],
];
const CONSOLE_INTENTS = [
  ...["create", "update", "delete", "status", "reply", "close", "set-active", "set-published", "move-up", "move-down", "test", "approve", "decline"],
  ...["adjust-tokens", "change-role", "invite", "resend-invite", "suspend", "reactivate", "toggle", "upload", "submit"],
];
/** Values no form of the console holds: numbers past any column, not numbers, dates out of range, JSON cut short. */
const JUNK_VALUES = ["99999999999999999999", "-99999999999999999999", "1e400", "-1", "NaN", "", '{"a":', "0000-01-01", "99999-12-31", "x".repeat(3000)];
function junkForm(intent: string, value: string) {
  const form = new URLSearchParams(CONSOLE_FIELDS.map((field) => [field, value]));
  form.set("intent", intent);
  return form;
}
/** A text field sent as a file, and a form past any of the console's size limits. */
function fileForTextForm(intent: string) {
  const form = new FormData();
  form.set("intent", intent);
  for (const field of ["name", "title", "categoryId", "price", "email", "message", "description"])
    form.set(field, new File(["x"], "x.txt", { type: "text/plain" }));
  return form;
}
const oversizeForm = (intent: string) => `intent=${intent}&description=${"x".repeat(12 * 1024 * 1024)}`;

/** Query values out of range or unstorable, named in every parameter any of the app's pages reads. */
const MALFORMED_QUERIES = [
  "q=%00",
  "q=a%00b",
  "category=99999999999",
  "category=-1",
  "category=1e400",
  "page=99999999999999999999",
  "since=0000-01-01T00:00:00.000Z",
  "since=9999-12-31T23:59:59.999Z",
  "since=%00",
  "limit=99999999999",
  "older=%00",
  "older=0000-01-01T00:00:00.000Z_00000000-0000-0000-0000-000000000000",
  "before=%00",
  "before=00000000-0000-0000-0000-000000000000",
  "character=%00",
  "character=99999999999",
  "token=%00",
  "w=%00",
  "redirectTo=%00",
  "session_id=%00",
  "state=%00&code=%00",
];

/** The console's list filters, past any id or not numbers at all. */
const CONSOLE_QUERIES = [
  "categoryId=99999999999999999999",
  "category=99999999999999999999",
  "category=99999999999",
  "category=abc",
  "category=-5",
  "published=maybe",
  "status=%E2%80%8B",
  "plan=99999999999999999999",
  "type=99999999999999999999",
  "action=x&actor=99999999999999999999",
  "tab=transactions&type=x&token=y&page=99999999999999999999",
  "tab=transactions&q=99999999999999999999",
  "page=-1",
  "page=1e400",
  "filter=99999999999999999999",
];

/** Valid values for the parameters a read requires (the live check's time, the list's cursor), so that each malformed one is read. */
const VALID_QUERY = { since: "2026-01-01T00:00:00.000Z", older: "2026-01-01T00:00:00.000Z_00000000-0000-0000-0000-000000000000" };
function withMalformed(url: string, malformed: string) {
  const address = new URL(url);
  for (const [name, value] of Object.entries(VALID_QUERY)) address.searchParams.set(name, value);
  for (const [name, value] of new URLSearchParams(malformed)) address.searchParams.set(name, value);
  return address.toString().replace("index=&", "index&");
}

type Outcome = { request: string; status: number; body: string };

async function send(request: Request): Promise<Outcome> {
  const response = await handle(request, {});
  // The live feed stays open: its answer is its status.
  const streaming = response.headers.get("content-type")?.startsWith("text/event-stream");
  const body = streaming ? "" : await response.text();
  if (streaming) await response.body?.cancel();
  return { request: `${request.method} ${request.url.replace("http://localhost", "")}`, status: response.status, body };
}

/** The requests answered with a server failure, each once. */
const failures = (outcomes: Outcome[]) => [
  ...new Set(outcomes.filter((outcome) => outcome.status >= 500).map((outcome) => `${outcome.status} ${outcome.request}`)),
];
/** What was logged as an error, each once. */
const errorsLogged = () => [
  ...new Set(
    errorLog.mock.calls.map(([fields, message]) => {
      const { err, url } = fields as { err?: Error; url?: string };
      return `${message ?? fields}: ${err?.message}${url ? ` (${url.replace(/^http:\/\/localhost/, "").split("?")[0]})` : ""}`;
    }),
  ),
];

/** The address a browser's script posts a route's form to: its action alone, answered as data, without the page. */
function dataUrl(url: string) {
  const address = new URL(url);
  address.pathname = address.pathname === "/" ? "/_root.data" : `${address.pathname.replace(/\/$/, "")}.data`;
  return address.toString().replace("index=", "index");
}

/**
 * The intents each action dispatches on, as an admin posts them: those it does not refuse as
 * unknown (400 "Unknown ..."). An action that refuses none does not read an intent: one will do.
 */
let taken: Promise<[Route, string[]][]> | undefined;
function intentsTaken(actions: Route[]) {
  taken ??= findIntentsTaken(actions);
  return taken;
}
async function findIntentsTaken(actions: Route[]): Promise<[Route, string[]][]> {
  return Promise.all(
    actions.map(async (route): Promise<[Route, string[]]> => {
      const taken: string[] = [];
      for (const intent of CONSOLE_INTENTS) {
        const outcome = await send(
          new Request(dataUrl(route.url), {
            method: "POST",
            body: `intent=${intent}`,
            headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
          }),
        );
        if (!(outcome.status === 400 && /Unknown (action|intent)/.test(outcome.body))) taken.push(intent);
      }
      return [route, taken.length === CONSOLE_INTENTS.length ? [""] : taken];
    }),
  );
}

/** Runs the requests a few at a time, as clients would. */
async function sendAll(requests: (() => Request)[]) {
  const outcomes: Outcome[] = [];
  for (let start = 0; start < requests.length; start += 8) {
    outcomes.push(...(await Promise.all(requests.slice(start, start + 8).map((make) => send(make())))));
  }
  return outcomes;
}

const who = [
  ["signed in", () => ({ Cookie: cookie })],
  ["anonymous", () => ({})],
] as const;

describe("malformed input never fails the server", { timeout: 180_000 }, () => {
  test.each(who)("bodies that are not forms, or hold a NUL, posted %s to every action: 4xx, never 5xx, nothing logged as an error", async (_, headers) => {
    // Signing out ends the session the other requests are signed in with: it comes last.
    const actions = routes.filter((route) => route.module.action).sort((a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")));
    const requests = actions.flatMap((route) =>
      MALFORMED_BODIES.map(([, make]) => () => {
        const { body, type } = make();
        return new Request(route.url, { method: "POST", body, headers: { ...headers(), ...(type ? { "Content-Type": type } : {}) } });
      }),
    );
    const outcomes = await sendAll(requests);
    expect(failures(outcomes)).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  test.each(who)(
    "query values out of range or holding a NUL, on every page and resource read %s: never 5xx, nothing logged as an error",
    async (_, headers) => {
      const loaders = routes.filter((route) => route.module.loader);
      const requests = loaders.flatMap((route) => MALFORMED_QUERIES.map((query) => () => new Request(withMalformed(route.url, query), { headers: headers() })));
      const outcomes = await sendAll(requests);
      expect(failures(outcomes)).toEqual([]);
      expect(errorsLogged()).toEqual([]);
    },
  );

  test("bodies that are not forms, hold a NUL, or a file where text goes, posted as an admin to every action: never 5xx", async () => {
    const actions = routes.filter((route) => route.module.action && !route.url.endsWith("/logout"));
    const notForms = MALFORMED_BODIES.filter(([name]) => !name.startsWith("urlencoded with NUL")).map(([, make]) => make);
    const requests = (await intentsTaken(actions)).flatMap(([route, intents]) =>
      [
        ...notForms,
        ...intents.map((intent) => () => ({ body: nulForm(intent).toString(), type: "application/x-www-form-urlencoded" })),
        ...intents.map((intent) => () => ({ body: fileForTextForm(intent) })),
      ].map((make) => () => {
        const { body, type } = make() as { body: BodyInit; type?: string };
        return new Request(route.url, { method: "POST", body, headers: { Cookie: adminCookie, ...(type ? { "Content-Type": type } : {}) } });
      }),
    );
    const outcomes = await sendAll(requests);
    expect(failures(outcomes)).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  test("forms of junk values (numbers past any column, dates out of range) posted as an admin with every intent: 4xx, never 5xx", async () => {
    const actions = routes.filter((route) => route.module.action && !route.url.endsWith("/logout"));
    const requests = (await intentsTaken(actions)).flatMap(([route, intents]) =>
      intents.flatMap((intent) =>
        JUNK_VALUES.map(
          (value) => () =>
            new Request(route.url, {
              method: "POST",
              body: junkForm(intent, value).toString(),
              headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
            }),
        ),
      ),
    );
    const outcomes = await sendAll(requests);
    expect(failures(outcomes)).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  test("forms larger than any of the console's limits, posted as an admin: 413, never 5xx", async () => {
    const actions = routes.filter((route) => route.module.action && !route.url.endsWith("/logout"));
    const outcomes = await sendAll(
      actions.map(
        (route) => () =>
          new Request(route.url, {
            method: "POST",
            body: oversizeForm("update"),
            headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
          }),
      ),
    );
    expect(failures(outcomes)).toEqual([]);
    const console = outcomes.filter((outcome) => outcome.request.startsWith("POST /admin"));
    expect(console.length).toBeGreaterThan(20);
    expect(console.filter((outcome) => outcome.status !== 413)).toEqual([]);
  });

  test("query values out of range or holding a NUL, on every page and resource read as an admin: never 5xx", async () => {
    const loaders = routes.filter((route) => route.module.loader && route.url.includes("/admin"));
    const requests = loaders.flatMap((route) =>
      [...MALFORMED_QUERIES, ...CONSOLE_QUERIES].map((query) => () => new Request(withMalformed(route.url, query), { headers: { Cookie: adminCookie } })),
    );
    const outcomes = await sendAll(requests);
    expect(failures(outcomes)).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  test("a NUL in a path segment (a chat, a character) is refused, not looked up", async () => {
    const outcomes = await sendAll(
      ["/chat/%00", "/chat/start/%00", "/api/chat/%00/messages?since=2026-01-01T00:00:00.000Z", "/storage/avatars/%00.png"].map(
        (path) => () => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
      ),
    );
    expect(failures(outcomes)).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });
});

describe("what a malformed request is told", () => {
  const post = (path: string, body: BodyInit, type?: string) =>
    send(new Request(`http://localhost${path}`, { method: "POST", body, headers: { Cookie: cookie, ...(type ? { "Content-Type": type } : {}) } }));
  const get = (path: string) => send(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));
  // Sign-up is for visitors: a signed-in person's /signup sends them home whatever they post.
  const postSignedOut = (path: string, body: BodyInit, type: string) =>
    send(new Request(`http://localhost${path}`, { method: "POST", body, headers: { "Content-Type": type } }));

  test("a page's form posted as JSON or plain text is 415, and the page says to send a form", async () => {
    for (const type of ["application/json", "text/plain"]) {
      const outcome = await postSignedOut("/signup", '{"email":"a@x.io"}', type);
      expect(outcome.status).toBe(415);
      expect(outcome.body).toContain("Send this as a form");
    }
  });

  test("a resource route's form posted as JSON is 415 with the error in JSON", async () => {
    const outcome = await post(`/api/chat/${sessionId}/reply`, '{"message":"hi"}', "application/json");
    expect(outcome.status).toBe(415);
    expect(JSON.parse(outcome.body)).toMatchObject({ code: "not-a-form", error: expect.stringContaining("Send this as a form") });
  });

  test("a multipart form cut short is 400: it could not be read", async () => {
    const outcome = await post("/dashboard/settings", '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile', "multipart/form-data; boundary=b");
    expect(outcome.status).toBe(400);
    expect(outcome.body).toContain("This form could not be read");
  });

  test("a display name or an e-mail with a NUL is 400 and stores nothing", async () => {
    const named = await post("/dashboard/settings", "intent=profile&name=Ada%00", "application/x-www-form-urlencoded");
    expect(named.status).toBe(400);
    expect(named.body).toContain("NUL character");
    const resent = await postSignedOut("/signup", "intent=resend&email=a%00%40x.io", "application/x-www-form-urlencoded");
    expect(resent.status).toBe(400);
    expect(await prisma().user.count({ where: { name: { contains: "Ada" } } })).toBe(0);
  });

  test("a NUL in an address is 400 and says so", async () => {
    for (const path of ["/explore?q=%00", "/chat?q=%00", `/api/chat/sessions?q=%00`]) {
      const outcome = await get(path);
      expect(outcome.status).toBe(400);
      expect(outcome.body).toContain("NUL character");
    }
  });

  test("a category larger than any id shows every category; a time in year 0000 is 400 with the parameter's rule", async () => {
    expect((await get("/explore?category=99999999999")).status).toBe(200);
    const since = await get(`/api/chat/${sessionId}/messages?since=0000-01-01T00:00:00.000Z`);
    expect(since.status).toBe(400);
    expect(JSON.parse(since.body).error).toContain("since must be a time");
  });

  test("a GET on a resource route that only takes posts is 405 with Allow: POST, and a POST on a read-only one 405 with Allow: GET, HEAD", async () => {
    for (const path of ["/api/chat/uploads", `/api/chat/${sessionId}/reply`, "/api/webhooks/stripe"]) {
      const response = await handle(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), {});
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect(await response.json()).toMatchObject({ code: "method-not-allowed" });
    }
    const posted = await handle(new Request("http://localhost/healthz", { method: "POST", body: "" }), {});
    expect(posted.status).toBe(405);
    expect(posted.headers.get("Allow")).toBe("GET, HEAD");
    expect(errorsLogged()).toEqual([]);
  });
});
