import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";
import { signedInPerson } from "../helpers/person";

type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };

/** Every route registered under a path prefix, with the URL it answers (params filled in). */
function routesUnder(prefix: string, entries: RouteConfigEntry[] = routes, parentPath = ""): { url: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parentPath : [parentPath, entry.path].filter(Boolean).join("/");
    const here = own.startsWith(prefix) ? [{ url: `/${own}`, file: entry.file }] : [];
    return [...here, ...routesUnder(prefix, entry.children ?? [], own)];
  });
}

const protectedRoutes = [...routesUnder("dashboard"), ...routesUnder("admin")];
let test: TestDatabase;
const cookies: Record<"user" | "admin", string> = { user: "", admin: "" };
/** Ids of existing records for routes with params (`/admin/plans/:planId/edit`; `:id` is the normal user's account), created below. */
const fixtureIds: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestDatabase();
  for (const role of ["user", "admin"] as const) {
    const { user, cookie } = await signedInPerson({ email: `${role}@example.com`, role, name: role });
    cookies[role] = cookie;
    if (role === "user") fixtureIds.id = user.id;
  }
  const db = test.database.prisma;
  fixtureIds.planId = (await db.plan.create({ data: { name: "Fixture plan", priceCents: 0 } })).id;
  fixtureIds.packageId = (await db.tokenPackage.create({ data: { id: "fixture", name: "Fixture package", tokens: 100, priceCents: 100 } })).id;
  fixtureIds.bannerId = (await db.banner.create({ data: { title: "Fixture banner", imageUrl: "/fixture.webp", isPublished: true } })).id;
  fixtureIds.modelId = (await db.chatModel.create({ data: { chatModel: "Fixture model", modelId: "fixture", aiPlatform: "demo" } })).id;
  fixtureIds.detailId = String((await db.characterDetailDefinition.create({ data: { name: "Fixture detail", details: ["One"] } })).id);
  // The admin's own ticket and unpublished character: for the normal user, another person's (404).
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@example.com" } });
  fixtureIds.ticketId = (await db.ticket.create({ data: { userId: admin.id, topic: "Fixture ticket", message: "Help" } })).id;
  fixtureIds.characterId = (await db.character.create({ data: { name: "Fixture character", isPublished: false, createdById: admin.id } })).id;
  // The normal user's own upload and gallery item: the admin is someone else to them.
  fixtureIds.uploadId = (
    await db.upload.create({
      data: {
        userId: fixtureIds.id!,
        filename: "fixture.png",
        mediaType: "image",
        contentType: "image/png",
        bucket: "uploads",
        privatePath: `${fixtureIds.id}/fixture.png`,
        size: 1,
      },
    })
  ).id;
  fixtureIds.personaId = (await db.persona.create({ data: { userId: fixtureIds.id!, name: "Fixture persona" } })).id;
  fixtureIds.imageId = (
    await db.galleryImage.create({ data: { userId: fixtureIds.id!, requestId: "fixture-0", prompt: "fixture", url: `${fixtureIds.id}/fixture.png` } })
  ).id;
});
afterAll(() => test.dispose());

/** What a caller sees: a redirect target, or "ok" for an answer that is not a redirect. */
async function outcome(run: () => Promise<unknown>) {
  try {
    const result = await run();
    if (result instanceof Response && result.status >= 300 && result.status < 400) return `redirect ${result.headers.get("location")}`;
    return "ok";
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return `redirect ${thrown.headers.get("location")}`;
    if ((thrown as { init?: ResponseInit })?.init?.status === 404) return "not found";
    throw thrown;
  }
}

/** The route's URL with its params filled from the fixtures, and the params. */
function withParams(pattern: string) {
  const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name, fixtureIds[name] ?? "missing"]));
  return { url: pattern.replace(/:(\w+)/g, (_, name: string) => params[name]!), params };
}

function call(module: RouteModule, kind: "loader" | "action", pattern: string, cookie: string, form: Record<string, string> = { intent: "nothing" }) {
  const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
  if (kind === "action") Object.assign(init, { method: "POST", body: new URLSearchParams(form) });
  const { url, params } = withParams(pattern);
  return outcome(() => module[kind]!(routeArgs(new Request(`http://localhost${url}`, init), { params })));
}

/** What someone might post to an admin action: every intent the console's forms use, with fields an admin's post would pass with. */
const adminWrites = (): Record<string, string>[] => [
  { intent: "create", name: "Intruder", description: "", price: "1.00", interval: "monthly", tokens: "5", discount: "0", title: "Intruder", isActive: "on" },
  { intent: "update", name: "Intruder", description: "", price: "1.00", interval: "monthly", tokens: "5", discount: "0", title: "Intruder", isActive: "on" },
  { intent: "delete" },
  { intent: "set-published", id: fixtureIds.bannerId!, published: "false" },
  { intent: "set-active", id: fixtureIds.packageId!, active: "false" },
  { intent: "set-published", id: fixtureIds.modelId!, published: "true" },
  { intent: "test", id: fixtureIds.modelId! },
  { intent: "move-down", id: fixtureIds.detailId! },
  { intent: "set-published", id: fixtureIds.characterId!, published: "false" },
];

/** The catalogue records the admin console writes, and its audit log. */
async function adminData() {
  const db = test.database.prisma;
  return JSON.stringify(
    await Promise.all([
      db.plan.findMany(),
      db.tokenPackage.findMany(),
      db.banner.findMany(),
      db.chatModel.findMany(),
      db.characterDetailDefinition.findMany(),
      db.character.findMany(),
      db.auditEntry.count(),
    ]),
  );
}

/** Params naming a record the normal user owns. */
const ownedParams = /:(uploadId|imageId|personaId)\b/;

const sameRoute = (url: string) => new RegExp(`^(ok|redirect ${url.replace(/[/]/g, "\\/")}(\\?toast=[\\w-]+)?)$`);

describe("every /dashboard and /admin loader and action checks who is asking", () => {
  it("covers the whole dashboard and admin console", () => {
    expect(protectedRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        "/dashboard",
        "/dashboard/settings",
        "/dashboard/settings/delete",
        "/dashboard/settings/data",
        "/dashboard/tickets",
        "/dashboard/media",
        "/dashboard/media/:uploadId/delete",
        "/dashboard/personas",
        "/dashboard/personas/:personaId",
        "/dashboard/personas/:personaId/delete",
        "/admin",
        "/admin/models",
        "/admin/banners",
        "/admin/build",
        "/admin/characters",
        "/admin/characters/:characterId/edit",
        "/admin/characters/:characterId/info",
        "/admin/characters/:characterId/delete",
        "/admin/characters/:characterId/review",
        "/admin/users",
        "/admin/users/:id",
        "/admin/users/:id/delete",
        "/admin/users/:id/status",
        "/admin/audit",
        "/admin/tickets",
        "/admin/tickets/:ticketId",
      ]),
    );
  });

  for (const route of protectedRoutes) {
    it(`${route.url} (${route.file})`, async () => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule;
      expect(module.loader, `${route.file} has no loader to check access`).toBeDefined();
      const isAdminArea = route.url.startsWith("/admin");
      for (const kind of ["loader", "action"] as const) {
        if (!module[kind]) continue;
        const signedOut = await call(module, kind, route.url, "");
        const asUser = await call(module, kind, route.url, cookies.user);
        const asAdmin = await call(module, kind, route.url, cookies.admin);
        if (isAdminArea) {
          expect([signedOut, asUser, asAdmin], `${kind} ${route.url}`).toEqual(["redirect /", "redirect /", "ok"]);
          if (kind === "action") {
            const before = await adminData();
            for (const form of adminWrites()) {
              for (const cookie of ["", cookies.user])
                expect(await call(module, kind, route.url, cookie, form), `${form.intent} ${route.url}`).toBe("redirect /");
            }
            expect(await adminData(), `${route.url} changed nothing`).toBe(before);
          }
        } else {
          const filled = withParams(route.url).url;
          expect(signedOut, `${kind} ${route.url}`).toBe(`redirect /login?redirectTo=${encodeURIComponent(filled)}`);
          // Signed in, the request is served: data, or (an action with nothing to do) back to the same page.
          // A record the normal user owns (their upload) does not exist for anyone else: 404.
          expect(asUser, `${kind} ${route.url}`).toMatch(sameRoute(filled));
          expect(asAdmin, `${kind} ${route.url}`).toMatch(ownedParams.test(route.url) ? /^not found$/ : sameRoute(filled));
        }
      }
    });
  }
});

describe("an admin write by anyone but an admin", () => {
  const writes: { url: string; file: string; fields: Record<string, string> }[] = [
    { url: "/admin/users", file: "routes/admin/users.tsx", fields: { intent: "invite", email: "invited@example.com" } },
    { url: "/admin/users/:id/status", file: "routes/admin/users.$id.status.tsx", fields: { intent: "suspend" } },
    { url: "/admin/users/:id/status", file: "routes/admin/users.$id.status.tsx", fields: { intent: "reactivate" } },
    { url: "/admin/users/:id", file: "routes/admin/users.$id.tsx", fields: { intent: "change-role", role: "admin" } },
    {
      url: "/admin/users/:id",
      file: "routes/admin/users.$id.tsx",
      fields: { intent: "adjust-tokens", direction: "grant", tokenType: "free", amount: "1000", reason: "x" },
    },
    { url: "/admin/users/:id/delete", file: "routes/admin/users.$id.delete.tsx", fields: { intent: "delete" } },
  ];

  /** Everything these writes could change. */
  const snapshot = async () => ({
    users: await test.database.prisma.user.findMany({ orderBy: { email: "asc" }, select: { email: true, role: true, status: true, name: true } }),
    sessions: await test.database.prisma.loginSession.count(),
    transactions: await test.database.prisma.tokenTransaction.count(),
    audit: await test.database.prisma.auditEntry.count(),
  });

  for (const write of writes) {
    it(`${write.fields.intent} on ${write.url} is sent to / and changes nothing`, async () => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", write.file))) as RouteModule;
      const before = await snapshot();
      expect(await call(module, "action", write.url, "", write.fields)).toBe("redirect /");
      expect(await call(module, "action", write.url, cookies.user, write.fields)).toBe("redirect /");
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe("a ticket is its owner's alone", () => {
  const ticketState = () =>
    Promise.all([test.database.prisma.ticket.findUniqueOrThrow({ where: { id: fixtureIds.ticketId } }), test.database.prisma.ticketReply.count()]);
  const answer = async (run: () => Promise<unknown>) => {
    try {
      const result = await run();
      return (result as { init?: ResponseInit })?.init?.status ?? (result instanceof Response ? result.status : 200);
    } catch (thrown) {
      return (thrown as { init?: ResponseInit }).init?.status ?? (thrown as Response).status;
    }
  };

  it("another person's ticket answers 404 on /dashboard/tickets, to read, reply or close, and changes nothing", async () => {
    const module = (await import(/* @vite-ignore */ path.resolve("app", "routes/dashboard/tickets.tsx"))) as Required<RouteModule>;
    const url = `http://localhost/dashboard/tickets?id=${fixtureIds.ticketId}`;
    const before = await ticketState();
    expect(await answer(() => module.loader(routeArgs(new Request(url, { headers: { Cookie: cookies.user } }))))).toBe(404);
    for (const intent of ["reply", "close"]) {
      const body = new URLSearchParams({ intent, ticketId: fixtureIds.ticketId!, message: "Not mine" });
      expect(await answer(() => module.action(routeArgs(new Request(url, { method: "POST", headers: { Cookie: cookies.user }, body }))))).toBe(404);
    }
    expect(await ticketState()).toEqual(before);
  });

  it("staff writes on /admin/tickets/:ticketId by anyone but an admin are sent to / and change nothing", async () => {
    const module = (await import(/* @vite-ignore */ path.resolve("app", "routes/admin/tickets.$ticketId.tsx"))) as RouteModule;
    const before = await ticketState();
    const writes: Record<string, string>[] = [
      { intent: "reply", message: "Staff?" },
      { intent: "status", status: "closed" },
    ];
    for (const fields of writes) {
      for (const cookie of ["", cookies.user]) expect(await call(module, "action", "/admin/tickets/:ticketId", cookie, fields)).toBe("redirect /");
    }
    expect(await ticketState()).toEqual(before);
  });
});

describe("favorites and character cards check who is asking", () => {
  const file = (url: string) => routesUnder(url.slice(1)).find((route) => route.url === url)!.file;
  const load = async (url: string) => (await import(/* @vite-ignore */ path.resolve("app", file(url)))) as RouteModule;
  /** The status a resource route answers with, or where a page sends the caller. */
  async function answer(url: string, kind: "loader" | "action", cookie: string, form?: Record<string, string>) {
    const module = await load(url);
    const { url: filled, params } = withParams(url);
    const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
    if (kind === "action") Object.assign(init, { method: "POST", body: new URLSearchParams(form) });
    try {
      const result = await module[kind]!(routeArgs(new Request(`http://localhost${filled}`, init), { params }));
      return result instanceof Response ? (result.headers.get("location") ?? result.status) : 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("location") ?? thrown.status;
      throw thrown;
    }
  }

  it("/favorites is for a signed-in person", async () => {
    expect(await answer("/favorites", "loader", "")).toBe("/login?redirectTo=%2Ffavorites");
    expect(await answer("/favorites", "loader", cookies.user)).toBe(200);
  });

  it("/api/favorites toggles only for a signed-in person, and only what is theirs to see", async () => {
    const toggle = { intent: "toggle", itemType: "character", itemId: fixtureIds.characterId!, answer: "data" };
    expect(await answer("/api/favorites", "action", "", toggle)).toBe(401);
    expect(await answer("/api/favorites", "action", cookies.user, toggle)).toBe(404);
    expect(await answer("/api/favorites", "action", cookies.user, { ...toggle, itemType: "agent" })).toBe(404);
    expect(await answer("/api/favorites", "action", cookies.admin, toggle)).toBe(200);
    expect(await answer("/api/favorites", "loader", "")).toBe(200);
  });

  it("a character's card is exported for its creator only while it is unpublished", async () => {
    for (const url of ["/characters/:characterId/card.png", "/characters/:characterId/card.json"]) {
      expect([await answer(url, "loader", ""), await answer(url, "loader", cookies.user), await answer(url, "loader", cookies.admin)], url).toEqual([
        404, 404, 200,
      ]);
    }
  });

  it("every /create route is for a signed-in person, and another person's private character answers 404 on each", async () => {
    for (const url of ["/create", "/create/:characterId/edit", "/create/:characterId/delete"]) {
      const route = [...routesUnder("create")].find((entry) => entry.url === url)!;
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule;
      const { url: filled, params } = withParams(url);
      const status = async (kind: "loader" | "action", cookie: string, form?: Record<string, string>) => {
        const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
        if (kind === "action") Object.assign(init, { method: "POST", body: new URLSearchParams(form) });
        try {
          const result = await module[kind]!(routeArgs(new Request(`http://localhost${filled}`, init), { params }));
          if (result instanceof Response) return result.headers.get("location") ?? result.status;
          return (result as { init?: ResponseInit })?.init?.status ?? 200;
        } catch (thrown) {
          if (thrown instanceof Response) return thrown.headers.get("location") ?? thrown.status;
          return (thrown as { init?: ResponseInit }).init?.status;
        }
      };
      const forms = url === "/create" ? [{ intent: "submit", characterId: fixtureIds.characterId! }] : [{ intent: "delete", name: "Mine now" }];
      expect(await status("loader", ""), url).toBe(`/login?redirectTo=${encodeURIComponent(filled)}`);
      for (const form of forms) expect(await status("action", "", form), url).toBe(`/login?redirectTo=${encodeURIComponent(filled)}`);
      if (url === "/create") {
        expect(await status("loader", cookies.user)).toBe(200);
      } else {
        expect(await status("loader", cookies.user), url).toBe(404);
        expect(await status("loader", cookies.admin), url).toBe(200);
      }
      for (const form of forms) expect(await status("action", cookies.user, form), url).toBe(404);
    }
    expect(await test.database.prisma.character.findUniqueOrThrow({ where: { id: fixtureIds.characterId } })).toMatchObject({
      name: "Fixture character",
      review: "none",
    });
  });

  it("/api/characters/import needs a signed-in person", async () => {
    expect(await answer("/api/characters/import", "action", "", {})).toBe(401);
  });
});

describe("media: another person's upload or gallery item answers 404 to every loader, action and resource route", () => {
  type Check = { file: string; url: string; kind: "loader" | "action"; form?: Record<string, string> };
  const checks = (): Check[] => [
    { file: "routes/gallery.delete.tsx", url: "/gallery/:imageId/delete", kind: "loader" },
    { file: "routes/gallery.delete.tsx", url: "/gallery/:imageId/delete", kind: "action", form: { intent: "delete" } },
    { file: "routes/generate.tsx", url: "/generate", kind: "action", form: { intent: "set-public", imageId: fixtureIds.imageId!, public: "true" } },
    { file: "routes/dashboard/media.delete.tsx", url: "/dashboard/media/:uploadId/delete", kind: "loader" },
    { file: "routes/dashboard/media.delete.tsx", url: "/dashboard/media/:uploadId/delete", kind: "action", form: { intent: "delete" } },
  ];
  const owned = async () =>
    JSON.stringify(
      await Promise.all([
        test.database.prisma.upload.findMany({ orderBy: { id: "asc" } }),
        test.database.prisma.galleryImage.findMany({ orderBy: { id: "asc" } }),
      ]),
    );

  it("the admin is not the owner: 404, and nothing changes; signed out: sent to sign in", async () => {
    const before = await owned();
    for (const check of checks()) {
      const module = (await import(/* @vite-ignore */ path.resolve("app", check.file))) as RouteModule;
      expect(await call(module, check.kind, check.url, cookies.admin, check.form), `${check.kind} ${check.url}`).toBe("not found");
      expect(await call(module, check.kind, check.url, "", check.form), `${check.kind} ${check.url} signed out`).toMatch(/^redirect \/login\?redirectTo=/);
    }
    expect(await owned()).toBe(before);
  });

  it("the resource routes answer signed-out callers 401 (uploads) or public items only (gallery)", async () => {
    const uploads = (await import(/* @vite-ignore */ path.resolve("app", "routes/api/uploads.ts"))) as RouteModule;
    const gallery = (await import(/* @vite-ignore */ path.resolve("app", "routes/api/gallery.ts"))) as RouteModule;
    const ask = async (module: RouteModule, url: string, cookie: string) =>
      (await module.loader!(routeArgs(new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} })))) as Response;
    expect((await ask(uploads, "/api/uploads", "")).status).toBe(401);
    const adminsUploads = (await (await ask(uploads, "/api/uploads", cookies.admin)).json()) as { uploads: unknown[] };
    expect(adminsUploads.uploads).toEqual([]);
    for (const filter of ["all", "mine", "public"]) {
      const page = (await (await ask(gallery, `/api/gallery?filter=${filter}`, cookies.admin)).json()) as { items: unknown[] };
      expect(page.items, filter).toEqual([]);
    }
  });

  it("/generate and /collection: the page shows, the collection needs sign-in", async () => {
    const generate = (await import(/* @vite-ignore */ path.resolve("app", "routes/generate.tsx"))) as RouteModule;
    const collection = (await import(/* @vite-ignore */ path.resolve("app", "routes/collection.tsx"))) as RouteModule;
    expect(await call(generate, "loader", "/generate", "")).toBe("ok");
    expect(await call(generate, "action", "/generate", "", { intent: "generate", prompt: "x" })).toBe("redirect /login?redirectTo=%2Fgenerate");
    expect(await call(collection, "loader", "/collection", "")).toBe("redirect /login?redirectTo=%2Fcollection");
    expect(await call(collection, "loader", "/collection", cookies.admin)).toBe("ok");
  });
});

describe("media job routes: another person's job does not exist for them", () => {
  const jobRoutes = routesUnder("api/media");
  let ownerCookie = "";
  let jobId = "";
  beforeAll(async () => {
    const db = test.database.prisma;
    const { user: owner, cookie } = await signedInPerson({ email: "job-owner@example.com", name: "owner" });
    ownerCookie = cookie;
    const job = await db.mediaJob.create({
      data: {
        userId: owner.id,
        requestId: "fixture-job",
        mode: "image",
        chatModel: "Fixture",
        prompt: "x",
        costTokens: 0,
        status: "submitted",
        deadlineAt: new Date(Date.now() + 600_000),
      },
    });
    jobId = job.id;
  });

  it("covers the job routes", () => {
    expect(jobRoutes.map((route) => route.url)).toEqual(expect.arrayContaining(["/api/media/jobs/:jobId"]));
  });

  for (const route of jobRoutes) {
    it(`${route.url} (${route.file})`, async () => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule;
      const ask = async (kind: "loader" | "action", cookie: string) => {
        const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
        if (kind === "action") Object.assign(init, { method: "POST", body: new URLSearchParams({ intent: "cancel" }) });
        const url = route.url.replace(":jobId", jobId);
        return ((await module[kind]!(routeArgs(new Request(`http://localhost${url}`, init), { params: { jobId } }))) as Response).status;
      };
      for (const kind of ["loader", "action"] as const) {
        if (!module[kind]) continue;
        expect([await ask(kind, ""), await ask(kind, cookies.user), await ask(kind, cookies.admin)], `${kind} ${route.url}`).toEqual([401, 404, 404]);
      }
      expect((await test.database.prisma.mediaJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("submitted");
      expect(await ask("loader", ownerCookie)).toBe(200);
    });
  }

  it("/api/webhooks/fal refuses a call fal did not sign", async () => {
    const { action } = await import("~/routes/api/webhooks.fal");
    const request = new Request("http://localhost/api/webhooks/fal", { method: "POST", body: JSON.stringify({ request_id: "fixture-job" }) });
    expect(((await action(routeArgs(request))) as Response).status).toBe(401);
  });
});

describe("the live feed is for a signed-in person", () => {
  it("/api/events answers a signed-out caller 401", async () => {
    expect(routesUnder("api/events").map((route) => route.file)).toEqual(["routes/api/events.ts"]);
    const { loader } = await import("~/routes/api/events");
    expect(((await loader(routeArgs(new Request("http://localhost/api/events")))) as Response).status).toBe(401);
  });
});

describe("languages", () => {
  it("/language and /texts are open to anyone; a choice changes only the chooser's own account", async () => {
    expect(routesUnder("language").map((route) => route.file)).toEqual(["routes/language.tsx"]);
    expect(routesUnder("texts").map((route) => route.file)).toEqual(["routes/api/texts.ts"]);
    const { action } = await import("~/routes/language");
    const { loader } = await import("~/routes/api/texts");
    const choose = (cookie?: string) =>
      action(
        routeArgs(
          new Request("http://localhost/language", {
            method: "POST",
            body: new URLSearchParams({ language: "ja" }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
          }),
        ),
      ) as Promise<Response>;
    // Signed out: only this browser's cookie; nobody's account changes.
    expect((await choose()).headers.get("Set-Cookie")).toMatch(/^cv_lang=ja;/);
    expect(await test.database.prisma.user.count({ where: { language: { not: null } } })).toBe(0);
    // Signed in: the chooser's account, and no one else's.
    await choose(cookies.user);
    const languages = await test.database.prisma.user.findMany({ where: { language: { not: null } }, select: { id: true, language: true } });
    expect(languages).toEqual([{ id: fixtureIds.id, language: "ja" }]);
    const texts = (await loader(
      routeArgs(new Request("http://localhost/texts/ja/admin.json"), { params: { lang: "ja", namespace: "admin.json" } }),
    )) as Response;
    expect(texts.status).toBe(200);
  });
});

describe("a chat's edits, branches, name and deletion are its owner's alone (issue 36)", () => {
  let sessionId: string;
  let messageId: string;
  beforeAll(async () => {
    const db = test.database.prisma;
    const agent = await db.chatAgent.create({ data: { userId: fixtureIds.id!, characterId: fixtureIds.characterId!, name: "Fixture agent" } });
    sessionId = (await db.chatSession.create({ data: { userId: fixtureIds.id!, agentId: agent.id, title: "Mine" } })).id;
    messageId = (await db.chatMessage.create({ data: { sessionId, senderType: "user", senderId: fixtureIds.id!, userId: fixtureIds.id!, message: "mine" } }))
      .id;
  });

  async function status(run: () => Promise<unknown>) {
    try {
      const result = await run();
      if (result instanceof Response) return result.headers.get("location") ?? result.status;
      return (result as { init?: ResponseInit } | null)?.init?.status ?? 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("location") ?? thrown.status;
      return (thrown as { init?: ResponseInit }).init?.status;
    }
  }
  const request = (url: string, cookie: string, form?: Record<string, string>) =>
    new Request(
      `http://localhost${url}`,
      form ? { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(form) } : { headers: { Cookie: cookie } },
    );

  it("/chat/:sessionId/delete: signed out to sign in, someone else 404, and the chat stays", async () => {
    expect(routesUnder("chat").map((route) => route.url)).toContain("/chat/:sessionId/delete");
    const { loader, action } = await import("~/routes/chat/delete");
    const url = `/chat/${sessionId}/delete`;
    const args = (cookie: string, form?: Record<string, string>) => routeArgs(request(url, cookie, form), { params: { sessionId } });
    expect(await status(() => loader(args("")))).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    expect(await status(() => action(args("", { intent: "delete" })))).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    expect(await status(() => loader(args(cookies.admin)))).toBe(404);
    expect(await status(() => action(args(cookies.admin, { intent: "delete" })))).toBe(404);
    expect(await status(() => loader(args(cookies.user)))).toBe(200);
    expect(await test.database.prisma.chatSession.count({ where: { id: sessionId } })).toBe(1);
  });

  it("the chat page's edit, regenerate-from, branch and rename answer someone else 404 and change nothing", async () => {
    const { action } = await import("~/routes/chat/session");
    for (const intent of ["edit-message", "regenerate-from", "branch", "rename-chat"]) {
      const form = { intent, messageId, message: "theirs now", title: "Theirs" };
      const args = routeArgs(request(`/chat/${sessionId}`, cookies.admin, form), { params: { sessionId } });
      expect(await status(() => action(args)), intent).toBe(404);
    }
    const db = test.database.prisma;
    expect((await db.chatMessage.findUniqueOrThrow({ where: { id: messageId } })).message).toBe("mine");
    expect((await db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).title).toBe("Mine");
    expect(await db.chatSession.count({ where: { agent: { characterId: fixtureIds.characterId! } } })).toBe(1);
  });

  it("New chat on /chat/start/:characterId needs a signed-in person who may see the character", async () => {
    const { action } = await import("~/routes/chat/start");
    const characterId = fixtureIds.characterId!;
    const url = `/chat/start/${characterId}`;
    const args = (cookie: string) => routeArgs(request(url, cookie, { intent: "new" }), { params: { characterId } });
    expect(await status(() => action(args("")))).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    // The character is the admin's, unpublished: the person cannot see it.
    expect(await status(() => action(args(cookies.user)))).toBe(404);
  });
});

describe("chat search, export and import check who is asking", () => {
  beforeAll(async () => {
    // The admin's chat with their own character: someone else's for the normal user.
    const db = test.database.prisma;
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@example.com" } });
    const agent = await db.chatAgent.create({ data: { userId: admin.id, characterId: fixtureIds.characterId!, name: "Fixture character" } });
    fixtureIds.sessionId = (await db.chatSession.create({ data: { userId: admin.id, agentId: agent.id } })).id;
  });

  /** What a caller sees: where a redirect points, else the status. */
  async function answer(url: string, kind: "loader" | "action", cookie: string, form?: FormData) {
    const file = routesUnder("chat").find((route) => route.url === url)!.file;
    const module = (await import(/* @vite-ignore */ path.resolve("app", file))) as RouteModule;
    const { url: filled, params } = withParams(url);
    const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {}, ...(form ? { method: "POST", body: form } : {}) };
    try {
      const result = await module[kind]!(routeArgs(new Request(`http://localhost${filled}`, init), { params }));
      if (result instanceof Response) return result.headers.get("location") ?? result.status;
      return (result as { init?: ResponseInit })?.init?.status ?? 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("location") ?? thrown.status;
      return (thrown as { init?: ResponseInit }).init?.status;
    }
  }

  const exports = ["/chat/:sessionId/export.json", "/chat/:sessionId/export.jsonl", "/chat/:sessionId/export.txt"];

  it("covers the search, import and export routes", () => {
    expect(routesUnder("chat").map((route) => route.url)).toEqual(expect.arrayContaining(["/chat/search", "/chat/import", ...exports]));
  });

  it("each export answers another person's chat 404 and its owner 200; signed out, sign in first", async () => {
    for (const url of exports) {
      const filled = withParams(url).url;
      expect([await answer(url, "loader", ""), await answer(url, "loader", cookies.user), await answer(url, "loader", cookies.admin)], url).toEqual([
        `/login?redirectTo=${encodeURIComponent(filled)}`,
        404,
        200,
      ]);
    }
  });

  it("/chat/search and /chat/import are for a signed-in person; an import onto someone else's private character answers 404", async () => {
    expect(await answer("/chat/search", "loader", "")).toBe("/login?redirectTo=%2Fchat%2Fsearch");
    expect(await answer("/chat/search", "loader", cookies.user)).toBe(200);
    expect(await answer("/chat/import", "loader", "")).toBe("/login?redirectTo=%2Fchat%2Fimport");
    expect(await answer("/chat/import", "loader", cookies.user)).toBe(200);
    const form = () => {
      const body = new FormData();
      body.set("intent", "import");
      body.set("characterId", fixtureIds.characterId!);
      body.set("file", new File(['{"user_name":"A","character_name":"B"}\n{"name":"A","is_user":true,"mes":"Hi"}'], "chat.jsonl"));
      return body;
    };
    expect(await answer("/chat/import", "action", "", form())).toBe("/login?redirectTo=%2Fchat%2Fimport");
    const sessions = await test.database.prisma.chatSession.count();
    expect(await answer("/chat/import", "action", cookies.user, form())).toBe(404);
    expect(await test.database.prisma.chatSession.count()).toBe(sessions);
  });
});
