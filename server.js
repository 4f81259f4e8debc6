// Production (and development) HTTP server: Express 5 in front of the React Router request handler.
import crypto from "node:crypto";
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

app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", "'strict-dynamic'", (req, res) => `'nonce-${res.locals.cspNonce}'`],
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
  }),
);
app.use(
  compression({
    // Server-Sent Events must reach the browser as they are written, never buffered.
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
  }),
);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // Pages for visitors without a session, kept briefly (not in development, where code changes).
  app.use(build.entry.module.anonymousPageCache);
  app.use(express.static("build/client", { maxAge: "1h" }));
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
