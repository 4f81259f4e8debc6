import { expect } from "vitest";
import type { ToastCode } from "~/lib/toasts";

/**
 * Matchers for what a browser is sent back: a redirect and the toast it carries. They read a
 * Response, or a route's answer as tests/helpers/route-args.ts `answerOf` gives it
 * (`{ status, location }`). A toast travels in the redirect's address as `toast=<code>`
 * (app/lib/toasts.ts `withToast`), so the expected address is spelled out here, not rebuilt by the app.
 */
type Redirect = { status: number; location: string | null };

function redirectOf(received: unknown): Redirect | null {
  if (received instanceof Response) return { status: received.status, location: received.headers.get("Location") };
  if (received && typeof received === "object" && "status" in received) {
    const { status, location } = received as { status: unknown; location?: unknown };
    if (typeof status === "number") return { status, location: typeof location === "string" ? location : null };
  }
  return null;
}

const withToastParameter = (path: string, toast: string) => `${path}${path.includes("?") ? "&" : "?"}toast=${toast}`;

type RedirectOptions = { toast?: ToastCode; status?: number };

expect.extend({
  /** A redirect (302 unless told) to exactly `path`, with `toast=<code>` added when a toast is named. */
  toRedirectTo(received: unknown, path: string, { toast, status = 302 }: RedirectOptions = {}) {
    const redirect = redirectOf(received);
    const location = toast ? withToastParameter(path, toast) : path;
    const pass = redirect !== null && redirect.status === status && redirect.location === location;
    return {
      pass,
      message: () =>
        `expected ${this.utils.printReceived(redirect ?? received)} ${pass ? "not " : ""}to redirect (${status}) to ${this.utils.printExpected(location)}`,
      actual: redirect,
      expected: { status, location },
    };
  },
  /** A redirect whose address carries the toast `code` (whatever else the address holds). */
  toCarryToast(received: unknown, code: ToastCode) {
    const redirect = redirectOf(received);
    const carried = redirect?.location ? new URL(redirect.location, "http://localhost").searchParams.get("toast") : null;
    const pass = redirect !== null && redirect.status >= 300 && redirect.status < 400 && carried === code;
    return {
      pass,
      message: () => `expected ${this.utils.printReceived(redirect ?? received)} ${pass ? "not " : ""}to carry the toast ${this.utils.printExpected(code)}`,
      actual: carried,
      expected: code,
    };
  },
});

interface RedirectMatchers<R = unknown> {
  /** A redirect (302 unless `status` says otherwise) to exactly `path`, plus `toast=<code>` when `toast` is named. */
  toRedirectTo(path: string, options?: RedirectOptions): R;
  /** A redirect whose address carries the toast `code`. */
  toCarryToast(code: ToastCode): R;
}

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends RedirectMatchers<T> {}
}
