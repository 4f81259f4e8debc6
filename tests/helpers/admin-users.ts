import { answerOf, routeArgs } from "./route-args";
import { signedInPerson } from "./person";

type RouteFunction = (args: never) => Promise<unknown>;

/** A signed-in account (an admin unless told otherwise): its row and the Cookie header of its session. */
export function signedInAccount(email = "root@example.com", role: "admin" | "user" = "admin", password = "lovelace1") {
  return signedInPerson({ email, password, name: email.split("@")[0], role });
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
