/**
 * A loader's or action's arguments as React Router gives them: the request itself, the page's
 * address as `url`, the route's params and the load context. Typed `never` so that it fits any
 * route module's function.
 */
export function routeArgs(request: Request, { params = {}, context = {} }: { params?: Record<string, string>; context?: Record<string, unknown> } = {}): never {
  return { request, url: new URL(request.url), params, context } as never;
}

/**
 * What a browser gets from a loader or an action: its status and data, or where a redirect points
 * and the cookie it sets. Anything thrown other than a Response is a failure and is thrown on.
 */
export async function answerOf(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie");
    return { status: result.status, location: result.headers.get("Location"), ...(cookie ? { cookie } : {}) };
  }
  const wrapped = result as { type?: string; data: unknown; init: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  return { status: 200, data: result };
}
