import { startLoginSession } from "~/modules/auth/login-session.server";
import { prisma } from "~/modules/db/db.server";
import { confirmedAccount } from "./accounts";
import { answerOf, routeArgs } from "./route-args";

type RouteFunction = (args: never) => Promise<unknown>;

/** A signed-in account (an admin unless told otherwise): its row and the Cookie header of its session. */
export async function signedInAccount(email = "root@example.com", role: "admin" | "user" = "admin", password = "lovelace1") {
  const created = await confirmedAccount(email, password);
  const user = await prisma().user.update({ where: { id: created.id }, data: { role } });
  const cookie = (await startLoginSession(user.id, new Request("http://localhost/login"), null)).split(";")[0]!;
  return { user, cookie };
}

/** A loader's answer to a GET of `path` (with its query) as the holder of `cookie`. */
export function getPage(loader: RouteFunction, path: string, cookie: string, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
  return answerOf(() => loader(routeArgs(request, { params })));
}

/** An action's answer to a form POST to `path`, as a browser without JavaScript sends it. */
export function postForm(action: RouteFunction, path: string, cookie: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return answerOf(() => action(routeArgs(request, { params })));
}
