import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { TextsUsage } from "~/lib/i18n/react";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { textsScript } from "~/modules/i18n/catalogue.server";
import { googleFormActionSources } from "~/modules/auth/google.server";
import { listenForCatalogueChanges } from "~/modules/catalogue/cache.server";
import { removeUnusedUploads } from "~/modules/chat/attachments.server";
import { env } from "~/modules/config/env.server";
import { database } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { logger } from "~/modules/logging/logger.server";
import { startMediaWorker } from "~/modules/media/worker.server";
import { stripeFormActionSources } from "~/modules/payments/stripe.server";
import { pruneExpiredLimits } from "~/modules/security/rate-limit.server";
import { removeScheduledFiles } from "~/modules/storage/removals.server";
import { releaseExpiredReservations, RESERVATION_SWEEP_SECONDS } from "~/modules/tokens/ledger.server";

export { answerHealthCheck } from "~/modules/db/health.server";
export { anonymousPageCache } from "~/modules/server/page-cache.server";
export { createNodeRequestHandler, EVENT_STREAM_PATHS } from "~/modules/server/node-adapter.server";
export { requireSameOrigin } from "~/modules/security/same-origin.server";

export const streamTimeout = 10_000;

/**
 * Called once by server.js before it listens: validates configuration (throwing a one-line
 * ConfigError), migrates and seeds the database. Lives here so it is part of the server build.
 */
export async function startup() {
  const config = env();
  const db = database();
  const result = await prepareDatabase(db, { seed: config.SEED_ON_START });
  // Catalogue writes on any instance clear every instance's catalogue caches.
  await listenForCatalogueChanges();
  // Expired rate-limit windows are only clutter; any instance may sweep them.
  setInterval(
    () => {
      pruneExpiredLimits().catch((error) => logger.warn({ err: error }, "could not prune rate limits"));
    },
    60 * 60 * 1000,
  ).unref();
  // Chat uploads no message used within a day go; any instance may sweep, a file already gone is skipped.
  setInterval(
    () => {
      removeUnusedUploads().catch((error) => logger.warn({ err: error }, "could not remove unused chat uploads"));
    },
    60 * 60 * 1000,
  ).unref();
  // Files whose rows went in a transaction that committed before a crash go now, and every hour.
  const removeLeftFiles = () => removeScheduledFiles().catch((error) => logger.warn({ err: error }, "could not remove scheduled files"));
  void removeLeftFiles();
  setInterval(removeLeftFiles, 60 * 60 * 1000).unref();
  // Tokens held for a call whose instance died come back (a chat reply's some 20 s after the crash,
  // decision 036), from start-up on; any instance may do it, each exactly once.
  const releaseExpired = () => releaseExpiredReservations().catch((error) => logger.warn({ err: error }, "could not release expired reservations"));
  void releaseExpired();
  setInterval(releaseExpired, RESERVATION_SWEEP_SECONDS * 1000).unref();
  // Media jobs run on whichever instance claims them; every instance runs a worker.
  if (config.MEDIA_WORKER) startMediaWorker();
  return {
    ...result,
    databaseKind: db.kind,
    appUrl: config.APP_URL,
    port: config.PORT,
    trustProxy: config.TRUST_PROXY,
    formActionSources: [...googleFormActionSources(config), ...stripeFormActionSources(config)],
  };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The namespaces this page renders, whose texts its HTML carries at the end for the browser.
    const usedTexts = new Set<string>();
    const rootData = routerContext.staticHandlerContext.loaderData.root as { lang?: unknown } | undefined;
    const lang = isLanguage(rootData?.lang) ? rootData.lang : DEFAULT_LANGUAGE;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TextsUsage.Provider value={usedTexts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TextsUsage.Provider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = coalescePerTick(() => textsScript(lang, usedTexts, nonce));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * React writes a page as many small chunks, and the Node adapter flushes the compressor after
 * each one. Joining what is written within one tick keeps the page streaming but compresses it
 * in a few pieces instead of dozens. The page's texts (TextsScript) come last.
 */
function coalescePerTick(ending: () => string) {
  let pending: Buffer[] = [];
  let scheduled = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length === 0) return;
          this.push(Buffer.concat(pending));
          pending = [];
        });
      }
      callback();
    },
    flush(callback) {
      // After </html>, which parsers take into the body: by now every rendered namespace is known.
      pending.push(Buffer.from(ending()));
      if (pending.length) this.push(Buffer.concat(pending));
      pending = [];
      callback();
    },
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A request the app cannot take (a method a route has no handler for, an address nothing is at) is the client's mistake, not a failure.
  if (isRouteErrorResponse(error) && error.status < 500) return logger.debug({ status: error.status, url: request.url }, "request refused");
  logger.error({ err: error, url: request.url }, "unhandled error in a loader or action");
}
