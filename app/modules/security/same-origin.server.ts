import type { NextFunction, Request, Response } from "express";
import { env } from "~/modules/config/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Callers that are servers, not browsers, and prove themselves otherwise (signed webhooks). */
const EXEMPT = /^\/api\/webhooks\//;

/**
 * CSRF defence beside SameSite=Lax cookies: a state-changing request from a browser must come
 * from this site. Browsers send Origin on every POST; a request without Origin or Fetch
 * Metadata is not from a browser page and carries no ambient cookie risk.
 */
export function requireSameOrigin(request: Request, response: Response, next: NextFunction) {
  if (SAFE_METHODS.has(request.method) || EXEMPT.test(request.path)) return next();
  // "null" is what a privacy-minded referrer policy makes of a form post; Fetch Metadata decides then.
  const origin = request.get("origin") === "null" ? undefined : request.get("origin");
  const fetchSite = request.get("sec-fetch-site");
  const allowed = origin
    ? origin === new URL(env().APP_URL).origin || origin === `${request.protocol}://${request.get("host")}`
    : !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
  if (allowed) return next();
  response.status(403).type("text/plain").send("Cross-site request refused");
}
