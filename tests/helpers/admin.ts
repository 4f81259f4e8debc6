import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { prisma } from "~/modules/db/db.server";
import type { FakeStripe } from "../fakes/stripe-server";
import { paymentsWithFakeStripe } from "./payments";
import { answerOf, routeArgs } from "./route-args";
import { signedInPerson } from "./person";

type RouteFunction = (args: never) => Promise<unknown>;

/** answerOf, where a thrown `data()` (a 404 for the error boundary) is an answer too, as the router makes it one. */
function answer(run: () => Promise<unknown>) {
  return answerOf(async () => {
    try {
      return await run();
    } catch (thrown) {
      if ((thrown as { type?: string })?.type === "DataWithResponseInit") return thrown;
      throw thrown;
    }
  });
}

/** A signed-in admin: their id, e-mail and cookie header. */
export async function signedInAdmin(email = "root@example.com") {
  const { user, cookie } = await signedInPerson({ email, password: "lovelace1", name: email.split("@")[0], role: "admin" });
  return { id: user.id, email: user.email, cookie };
}

/**
 * For a file whose tests run the admin console against a fake Stripe: a test database, the fake
 * and a signed-in admin, set up before the file's tests and stopped after them.
 */
export function adminWithFakeStripe() {
  let payments: Awaited<ReturnType<typeof paymentsWithFakeStripe>>;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    payments = await paymentsWithFakeStripe();
    admin = await signedInAdmin();
  });
  afterAll(() => payments.stop());
  return {
    get admin() {
      return admin;
    },
    get fake(): FakeStripe {
      return payments.fake;
    },
  };
}

/** A loader called as the router calls it for `path`: its status and data, or where it redirects. */
export function load(loader: RouteFunction, path: string, cookie: string, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
  return answer(() => loader(routeArgs(request, { params })));
}

/**
 * A form posted to an action: pairs (a name may repeat, a value may be a file) sent urlencoded, or
 * as multipart when a file is among them, as a browser sends it.
 */
export function post(action: RouteFunction, path: string, cookie: string, fields: [string, string | File][], params: Record<string, string> = {}) {
  const hasFile = fields.some(([, value]) => value instanceof File);
  let body: FormData | URLSearchParams;
  if (hasFile) {
    body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
  } else {
    body = new URLSearchParams(fields as [string, string][]);
  }
  const request = new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookie }, body });
  return answer(() => action(routeArgs(request, { params })));
}

/** A real PNG picture of `width` × `height`, as a file the browser would upload. */
export async function pngFile(name = "banner.png", width = 900, height = 300) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

/** The audit rows, oldest first, as the audit page would list them. */
export function auditRows() {
  return prisma().auditEntry.findMany({ orderBy: { createdAt: "asc" } });
}
