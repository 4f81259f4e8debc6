import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * What went wrong, as an error boundary tells a person: the record or page does not exist (404),
 * the request was refused for what it sent (another 4xx, whose text says why), the database is out
 * of reach for a moment (503, its text), or anything else (a fault, logged on the server).
 */
export type RouteFailure = {
  kind: "not-found" | "refused" | "unavailable" | "failed";
  status: number;
  /** "404 Not Found"; "Something went wrong" for a fault that is not a response. */
  title: string;
  /** The refusal's or the outage's own text. */
  text: string | null;
};

export function routeFailureOf(error: unknown): RouteFailure {
  if (!isRouteErrorResponse(error)) return { kind: "failed", status: 500, title: "Something went wrong", text: null };
  const title = `${error.status} ${error.statusText}`;
  const text = typeof error.data === "string" ? error.data : null;
  if (error.status === 404) return { kind: "not-found", status: 404, title, text: null };
  if (error.status === 503 && text) return { kind: "unavailable", status: 503, title, text };
  if (error.status < 500 && text) return { kind: "refused", status: error.status, title, text };
  return { kind: "failed", status: error.status, title, text: null };
}

type Handlers = Partial<Record<RouteFailure["kind"], (failure: RouteFailure) => ReactNode>>;

/**
 * The one error boundary: every route's `ErrorBoundary` renders this with what it shows for each
 * kind of failure (the Epic Stack's GeneralErrorBoundary with status handlers is the model). A kind
 * without its own handler falls to `fallback`.
 */
export function GeneralErrorBoundary({ error, handlers, fallback }: { error?: unknown; handlers: Handlers; fallback: (failure: RouteFailure) => ReactNode }) {
  const routeError = useRouteError();
  const failure = routeFailureOf(error ?? routeError);
  const handler = handlers[failure.kind] ?? fallback;
  return <>{handler(failure)}</>;
}
