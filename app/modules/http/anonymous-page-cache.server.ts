import { DEFAULT_LANGUAGE, languageFromAcceptHeader } from "~/lib/i18n/languages";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";

type Encoding = "br" | "gzip" | "identity";
type CachedPage = { contentType: string; nonce: string; bodies: Record<Encoding, Buffer> };

const MAX_PAGE_BYTES = 1024 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bumped by every clear, so a render that began before an invalidation is not stored after it. */
let generation = 0;

const pages = new LRUCache<string, CachedPage>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (page) => page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length + 1,
});

/**
 * Micro-cache for anonymous visitors. Catalogue pages are the same for everyone who is not
 * signed in, so a rendered page (or its route data) is kept for `cacheSeconds()` (read per request;
 * 0 turns the cache off), already compressed, and served again without running loaders, React or
 * the compressor. The server room mounts it with CATALOGUE_CACHE_SECONDS (server/page-cache).
 *
 * Only requests without cookies or credentials are served from or stored in it, and only 200
 * responses that set no cookie and are not private. A hit is the stored response byte for byte,
 * including the CSP nonce it was rendered with: the key is the full URL, so any input an attacker
 * controls renders a new entry with a fresh nonce, and knowing the nonce of a response one
 * cannot change gains nothing.
 */
export function anonymousPageCacheFor(cacheSeconds: () => number) {
  return (request: Request, response: Response, next: NextFunction) => servePageFromCache(cacheSeconds(), request, response, next);
}

function servePageFromCache(seconds: number, request: Request, response: Response, next: NextFunction) {
  if (seconds === 0 || !isAnonymousRead(request)) return next();
  // A visitor without the language cookie is shown the language their browser asks for.
  const key = `${languageFromAcceptHeader(request.headers["accept-language"]) ?? DEFAULT_LANGUAGE} ${request.originalUrl}`;
  const hit = pages.get(key);
  if (hit) return sendCached(request, response, hit);

  response.setHeader("X-Page-Cache", "miss");
  // A HEAD response has no body: only GET responses are stored (HEAD may still be served hits).
  if (request.method !== "GET") return next();
  const nonce = String(response.locals.cspNonce ?? "");
  const startedIn = generation;
  captureBody(response, (body) => {
    if (!isStorable(response, body)) return;
    const contentType = String(response.getHeader("Content-Type"));
    Promise.all([brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), gzip(body)])
      .then(([br, gzipped]) => {
        if (generation !== startedIn) return;
        pages.set(key, { contentType, nonce, bodies: { identity: body, br, gzip: gzipped } }, { ttl: seconds * 1000 });
      })
      .catch(() => {});
  });
  next();
}

export function clearAnonymousPageCache() {
  generation += 1;
  pages.clear();
}

function sendCached(request: Request, response: Response, page: CachedPage) {
  const encoding = preferredEncoding(request);
  const body = page.bodies[encoding];
  const policy = response.getHeader("Content-Security-Policy");
  const currentNonce = String(response.locals.cspNonce ?? "");
  if (typeof policy === "string" && currentNonce && page.nonce) {
    response.setHeader("Content-Security-Policy", policy.replace(`'nonce-${currentNonce}'`, `'nonce-${page.nonce}'`));
  }
  response.setHeader("Content-Type", page.contentType);
  response.setHeader("Vary", "Accept-Encoding, Accept-Language");
  // A set Content-Encoding also tells the compression middleware to leave the bytes alone.
  if (encoding !== "identity") response.setHeader("Content-Encoding", encoding);
  response.setHeader("Content-Length", body.length);
  response.setHeader("X-Page-Cache", "hit");
  response.status(200).end(request.method === "HEAD" ? undefined : body);
}

function preferredEncoding(request: Request): Encoding {
  // Honours q-values (gzip;q=0 refuses gzip); identity when nothing else is acceptable.
  const chosen = request.acceptsEncodings("br", "gzip", "identity");
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

function isAnonymousRead(request: Request) {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.headers.cookie &&
    !request.headers.authorization &&
    // Resource routes (files, health, streams) are not pages.
    !/^\/(storage|thumb|healthz|api)(\/|$)/.test(request.path)
  );
}

function isStorable(response: Response, body: Buffer) {
  const contentType = String(response.getHeader("Content-Type") ?? "");
  const cacheControl = String(response.getHeader("Cache-Control") ?? "");
  return (
    response.statusCode === 200 &&
    body.length > 0 &&
    body.length <= MAX_PAGE_BYTES &&
    !response.getHeader("Set-Cookie") &&
    !/private|no-store/.test(cacheControl) &&
    /^text\/(html|x-script)/.test(contentType)
  );
}

/** Passes everything through unchanged and hands over the complete body when the response ends. */
function captureBody(response: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_PAGE_BYTES) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    chunks.push(buffer);
    size += buffer.length;
  };
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    if (size <= MAX_PAGE_BYTES) done(Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as Response["end"];
}
