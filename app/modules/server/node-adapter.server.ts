import { runInRequestLanguage } from "~/modules/i18n/request.server";
import type { IncomingMessage } from "node:http";
import { buffer } from "node:stream/consumers";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { sendEventStream } from "~/modules/http/sse.server";
import { logger } from "~/modules/logging/logger.server";
import type { AppLoadContext, ServerBuild } from "react-router";
import { createAppRequestHandler } from "./request-handler.server";

/** Bodies up to this size (a form, a message) are read whole before the route runs; larger or unsized ones (uploads) stream. */
export const BUFFERED_BODY_MAX_BYTES = 64 * 1024;

/**
 * What is still read, and dropped, of a body the route stopped reading (a form over its limit),
 * so that its answer reaches the client; a client that sends more loses the connection.
 */
export const DROPPED_BODY_MAX_BYTES = 1024 * 1024;

/**
 * The addresses whose answers are event streams (routes.ts: a chat reply, the live feed), as
 * Express paths. server.js answers them ahead of helmet and compression, whose per-response work
 * an event stream does not need (decision 038); the same-origin check still comes first.
 */
export const EVENT_STREAM_PATHS = ["/api/events", "/api/chat/:sessionId/reply"];

type LoadContextOf = (request: ExpressRequest, response: ExpressResponse) => AppLoadContext;

/** The Express handler for the app: the app's request handler for `build` (createAppRequestHandler), behind nodeRequestHandler. */
export function createNodeRequestHandler({
  build,
  mode = process.env.NODE_ENV,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext: LoadContextOf;
}) {
  return nodeRequestHandler(createAppRequestHandler(build, mode), getLoadContext);
}

/**
 * Hands each Express request to a fetch-style handler (React Router's), doing what
 * `@react-router/express` does with less work per request, because a reply's first word waits
 * for all of it (bench/chat-stream, docs/performance.md): a small body is handed over as the
 * bytes already read rather than through a stream pump, and the response's headers go out with
 * its first bytes in one write. An event stream's text goes straight to the socket
 * (sendEventStream: the deltas of one turn in one write, no web stream between). A client that
 * goes away aborts `request.signal` and cancels the response body, as before.
 */
export function nodeRequestHandler(handle: (request: Request, context: AppLoadContext) => Promise<Response>, getLoadContext: LoadContextOf) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = await toFetchRequest(req, res);
      if (!request) return;
      // Run in the request's language, so the messages modules raise leave in it (modules/i18n).
      await sendResponse(res, await runInRequestLanguage(request, () => handle(request, getLoadContext(req, res))));
    } catch (error) {
      // Headers may be out and the client gone: nothing can be answered, but the failure is still told.
      if (res.destroyed) return logger.warn({ err: error, url: req.originalUrl }, "request failed after the client left");
      next(error);
    }
  };
}

async function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Promise<Request | null> {
  // Built by concatenation: a path such as "//elsewhere" must not become the URL's host.
  const url = `${req.protocol}://${hostOf(req)}${req.originalUrl}`;
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  // A HEAD response ends without the route's body, which React Router drops uncancelled: its
  // signal still aborts when the connection is done, so a stream behind it (live events) stops.
  res.on("finish", () => {
    if (req.method !== "HEAD") controller = null;
  });
  res.on("close", () => controller?.abort());
  // Node's own join of repeated headers (cookies with "; "), as `@react-router/express` passes them.
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.push([name, value]);
    else if (value) for (const each of value) headers.push([name, each]);
  }
  if (req.method === "GET" || req.method === "HEAD") return new Request(url, { method: req.method, headers, signal });
  if (isSmallBody(req)) {
    const body = await readWhole(req);
    if (!body) return null;
    return new Request(url, { method: req.method, headers, signal, body });
  }
  return new Request(url, { method: req.method, headers, signal, body: streamedBody(req, res), duplex: "half" } as RequestInit);
}

/** The host as `@react-router/express` resolves it (X-Forwarded-Host behind a trusted proxy), cut at any character a host cannot hold. */
function hostOf(req: ExpressRequest) {
  const host = (req.host ?? "").split(/[\\/?#@]/)[0];
  return host || "localhost";
}

function isSmallBody(req: IncomingMessage) {
  const length = Number(req.headers["content-length"]);
  return !req.headers["transfer-encoding"] && Number.isInteger(length) && length >= 0 && length <= BUFFERED_BODY_MAX_BYTES;
}

/** The body as bytes, or null when the client went away before it was whole. */
async function readWhole(req: IncomingMessage) {
  try {
    return await buffer(req);
  } catch {
    return null;
  }
}

/**
 * The request's body as it arrives, minding backpressure. When the route stops reading it (a form
 * over its limit cancels it) or answers without reading it whole, the rest is read and dropped
 * rather than the request destroyed: destroying it would close the socket, and with it the
 * answer ("This form is too large") the route is sending.
 */
function streamedBody(req: IncomingMessage, res: ExpressResponse) {
  let handingOver = true;
  let take: (chunk: Buffer) => void = () => {};
  const dropRest = () => {
    if (!handingOver || req.readableEnded) return;
    handingOver = false;
    req.off("data", take);
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > DROPPED_BODY_MAX_BYTES) req.destroy();
    });
    req.resume();
  };
  res.once("finish", dropRest);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        take = (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on("data", take);
        req.once("end", () => handingOver && controller.close());
        req.once("error", (error) => handingOver && controller.error(error));
        req.once("close", () => handingOver && !req.readableEnded && controller.error(new Error("the request ended before its body was whole")));
      },
      pull() {
        req.resume();
      },
      cancel: dropRest,
    },
    { highWaterMark: BUFFERED_BODY_MAX_BYTES, size: (chunk) => chunk.byteLength },
  );
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  // Appended, as `@react-router/express` does: a route's header joins what helmet already set.
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.appendHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  // An event stream (a chat reply, the live feed) writes to the socket itself, with no web stream between.
  if (sendEventStream(response.body, res)) return;
  await pipeBody(response.body, res);
}

/**
 * Writes each chunk as it comes (flushing the compressor, so streamed pages and events are not
 * held back), minding backpressure. A client gone, a failed write or an early return cancels the
 * body. One "drain" listener serves every wait: the compression middleware moves it to its own
 * stream, where removing it again through the response would not work.
 */
async function pipeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  let finished = false;
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  const cancel = () => {
    resume();
    reader.cancel().catch(() => {});
  };
  res.on("drain", resume);
  res.once("close", cancel);
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (res.destroyed) return;
      const flowing = res.write(next.value);
      (res as ExpressResponse & { flush?: () => void }).flush?.();
      if (!flowing && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
    finished = true;
    if (!res.destroyed) res.end();
  } finally {
    res.off("close", cancel);
    if (!finished) reader.cancel().catch(() => {});
  }
}
