// Production (and development) HTTP server: Express 5 in front of the React Router request handler.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const isDev = process.argv.includes("--dev");
process.env.NODE_ENV ??= isDev ? "development" : "production";

const viteDevServer = isDev ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } })) : undefined;

async function loadBuild() {
  return viteDevServer ? viteDevServer.ssrLoadModule("virtual:react-router/server-build") : import("./build/server/index.js");
}

const build = await loadBuild();

/** The brotli and gzip copies the build writes beside a file (vite.config.ts), by the type of the original. */
const PRECOMPRESSED_TYPES = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml" };
const ENCODING_SUFFIX = { br: ".br", gzip: ".gz" };

/**
 * The files of one build folder (listed once at start-up, so a page's address costs no disk
 * look-up), each sent as its brotli or gzip copy when the browser takes one.
 */
function builtFiles(folder, options) {
  const names = new Set(
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  );
  const serve = express.static(folder, { ...options, index: false, lastModified: false, fallthrough: false });
  return (req, res, next) => {
    // Built file names are plain ASCII, so an address is looked up as it came.
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !names.has(name)) return next();
    res.setHeader("X-Content-Type-Options", "nosniff");
    const type = PRECOMPRESSED_TYPES[path.extname(name)];
    if (type) {
      res.setHeader("Vary", "Accept-Encoding");
      const encoding = req.acceptsEncodings("br", "gzip");
      const suffix = encoding && ENCODING_SUFFIX[encoding];
      if (suffix && names.has(name + suffix)) {
        res.setHeader("Content-Type", type);
        res.setHeader("Content-Encoding", encoding);
        req.url = `/${name}${suffix}`;
      }
    }
    serve(req, res, next);
  };
}

let started;
try {
  started = await build.entry.module.startup();
} catch (error) {
  // Configuration and database problems stop the app with a one-line reason.
  console.error(`CharacterVerse could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// Forwarding headers (X-Forwarded-For, -Proto, -Host) count only from the proxies TRUST_PROXY names.
app.set("trust proxy", started.trustProxy);

// The health check first, past every other middleware and React Router's queue: one cached database check.
app.get("/healthz", build.entry.module.answerHealthCheck);

// Event streams (a chat reply, the live feed) are answered here, ahead of helmet's headers and the
// compression wrapper, whose per-response and per-write work an event stream does not need
// (decision 038). The same-origin check still runs first; the rest of the app is below.
app.all(
  build.entry.module.EVENT_STREAM_PATHS,
  build.entry.module.requireSameOrigin,
  build.entry.module.createNodeRequestHandler({ build: viteDevServer ? loadBuild : build, getLoadContext: (req) => ({ clientIp: req.ip }) }),
);

// Built files come before the nonce and the security headers, which only pages need: a script
// is answered with its precompressed copy and a few hundred bytes of headers (decision 040).
if (!viteDevServer) {
  app.use("/assets", builtFiles("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(builtFiles("build/client", { maxAge: "1h" }));
}

// helmet's headers are the same for every response but the CSP nonce, so helmet works them out once,
// with a stand-in where the nonce goes, and each response gets them with its own nonce.
const NONCE_STAND_IN = "cv-nonce-stand-in";
const securityHeaders = [];
helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      "script-src": ["'self'", "'strict-dynamic'", `'nonce-${NONCE_STAND_IN}'`],
      "img-src": ["'self'", "data:", "blob:", "https:"],
      "connect-src": isDev ? ["'self'", "ws:"] : ["'self'"],
      // The Google button's POST is answered with a redirect to Google, which form-action also governs.
      "form-action": ["'self'", ...started.formActionSources],
      "upgrade-insecure-requests": null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Browsers send "Origin: null" on form posts under no-referrer, which the same-origin check needs.
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  strictTransportSecurity: !isDev && (process.env.APP_URL ?? "").startsWith("https://"),
})({}, { setHeader: (name, value) => securityHeaders.push([name, String(value)]), removeHeader() {} }, () => {});
app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  for (const [name, value] of securityHeaders) res.setHeader(name, value.replaceAll(NONCE_STAND_IN, nonce));
  next();
});
app.use(
  compression({
    // Server-Sent Events must reach the browser as they are written, never buffered.
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
  }),
);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Pages for visitors without a session, kept briefly (not in development, where code changes).
  app.use(build.entry.module.anonymousPageCache);
}

app.use(build.entry.module.requireSameOrigin);

app.all(
  "/{*path}",
  build.entry.module.createNodeRequestHandler({
    build: viteDevServer ? loadBuild : build,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientIp: req.ip }),
  }),
);

const server = app.listen(started.port, () => {
  console.log(`CharacterVerse is running at ${started.appUrl} (database: ${started.databaseKind})`);
});

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
