/**
 * A loader's or action's arguments as React Router gives them: the request itself, the page's
 * address as `url`, the route's params and the load context. Typed `never` so that it fits any
 * route module's function.
 */
export function routeArgs(request: Request, { params = {}, context = {} }: { params?: Record<string, string>; context?: Record<string, unknown> } = {}): never {
  return { request, url: new URL(request.url), params, context } as never;
}
