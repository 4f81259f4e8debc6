import { STATUS_CODES } from "node:http";
import { createRequestHandler, data, type AppLoadContext, type ServerBuild } from "react-router";
import { loginSessionIdOf } from "~/modules/auth/login-session.server";
import { logger } from "~/modules/logging/logger.server";
import { AppError, DATABASE_RETRY_SECONDS, DatabaseUnavailableError, errorResponse, isAppError, isDatabaseUnreachable } from "~/modules/http/errors.server";

type Build = ServerBuild | (() => Promise<ServerBuild>);
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type RouteFunction = (args: never) => unknown;

/**
 * React Router's request handler for the app (decision 015): every route's loader and action
 * answers an app error that no route caught with its status (answeringAppErrors), a database that
 * cannot be reached with 503 and Retry-After, an address
 * holding an encoded NUL is refused before any route reads it, and what a signed-in request is
 * answered is kept out of shared caches.
 */
export function createAppRequestHandler(build: Build, mode?: string) {
  const handle = createRequestHandler(typeof build === "function" ? () => build().then(answeringAppErrors) : answeringAppErrors(build), mode);
  return async (request: Request, context?: AppLoadContext) => {
    if (request.url.includes("%00")) return nulInAddress();
    const response = withRetryAfter(await handle(request, context));
    return loginSessionIdOf(request) ? privateUnlessSaid(response) : response;
  };
}

/**
 * A page for a signed-in person shows their name and balance in its header, whatever else it
 * shows: no shared cache may keep it, nor the browser's after they sign out. A response that says
 * how it may be cached (a public file, a stream) keeps its own word. Anonymous requests carry no
 * session, so their pages stay cacheable (the anonymous page cache, decision 004).
 */
function privateUnlessSaid(response: Response) {
  if (response.headers.has("Cache-Control")) return response;
  try {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch {
    // Headers of a Response.redirect() cannot change: the same answer, with the header.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "private, no-store");
    return copy;
  }
}

/** A page's 503 (the database cannot be reached) tells the browser when to try again, as a resource route's does. */
function withRetryAfter(response: Response) {
  if (response.status !== 503 || response.headers.has("Retry-After")) return response;
  try {
    response.headers.set("Retry-After", String(DATABASE_RETRY_SECONDS));
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Retry-After", String(DATABASE_RETRY_SECONDS));
    return copy;
  }
}

/**
 * PostgreSQL stores no NUL character in text, and no link holds one: refusing it in the address
 * once keeps it out of every search, id and token a route reads from there.
 */
function nulInAddress() {
  return new Response("This address holds a NUL character (%00), which no page or parameter takes.", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

const answered = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with every route's loader and action answering what it throws in the app's way:
 * an AppError becomes its status and text (JSON `{ error, code }` from a resource route, the
 * page's error boundary from a page), and a resource route asked with a method it does not take
 * answers 405 with `Allow`, where React Router would answer 400 "Unexpected Server Error".
 */
export function answeringAppErrors(build: ServerBuild): ServerBuild {
  let wrapped = answered.get(build);
  if (!wrapped) {
    const routes = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route && { ...route, module: answering(route.module) }]));
    wrapped = { ...build, routes };
    answered.set(build, wrapped);
  }
  return wrapped;
}

function answering(module: RouteModule): RouteModule {
  const resource = !module.default && !module.ErrorBoundary;
  const answer = resource ? resourceAnswer : pageAnswer;
  const wrapped = { ...module };
  if (module.loader) wrapped.loader = answeringWith(module.loader, answer);
  else if (resource && module.action) wrapped.loader = methodNotAllowed("POST");
  if (module.action) wrapped.action = answeringWith(module.action, answer);
  else if (resource && module.loader) wrapped.action = methodNotAllowed("GET, HEAD");
  return wrapped;
}

function answeringWith<F extends RouteFunction>(run: F, answer: (error: unknown) => unknown): F {
  return (async (args: never) => {
    try {
      return await run(args);
    } catch (error) {
      if (!isAppError(error) && isDatabaseUnreachable(error)) {
        logger.warn({ code: (error as { code?: unknown }).code }, "the database cannot be reached: answering 503");
        throw answer(new DatabaseUnavailableError(error));
      }
      throw answer(error);
    }
  }) as F;
}

/** A resource route answers in JSON, as errorResponse does, and a thrown `data(text, init)` with its text. */
function resourceAnswer(error: unknown) {
  if (isAppError(error)) return errorResponse(error);
  // React Router would answer it with "Unexpected Server Error" in its place.
  if (isThrownData(error)) return new Response(typeof error.data === "string" ? error.data : JSON.stringify(error.data), error.init ?? undefined);
  return error;
}

/** A page shows the error boundary with the status and the person-facing text. */
function pageAnswer(error: unknown) {
  if (!isAppError(error)) return error;
  return data(error.message, { status: error.status, statusText: STATUS_CODES[error.status], headers: error.headers });
}

function methodNotAllowed(allow: string) {
  return () => errorResponse(new AppError("method-not-allowed", 405, `This address takes ${allow} requests only.`, { headers: { Allow: allow } }));
}

function isThrownData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}
