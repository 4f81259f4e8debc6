// Page weight of a first visit: what an anonymous visitor's browser downloads for a page, measured
// in Chromium against the production build on the embedded database.
//
//   npm run bench:weight                      # builds if needed, then measures / and /explore
//   BENCH_PAGES="/ /explore /login" npm run bench:weight
//
// For each page a fresh browser context (empty cache) loads the page and waits until the network
// is idle; the Chrome DevTools Protocol reports every response with its bytes on the wire and its
// decoded size. Scripts are counted apart. Chromium asks for brotli only over HTTPS, so every
// script is also compressed here with brotli at quality 11 (what a build step or a CDN would
// serve) and with the server's own setting: the target is counted in brotli bytes. Then one built
// script is fetched as a browser on HTTPS would (accept-encoding: br) to show the encoding it is
// served in and the size of its response headers.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type CDPSession } from "@playwright/test";
import { ensureBuild, freePort, guardRun, removeScratch, stopChild, waitUntilHealthy } from "../machine";
import { chromiumLaunchOptions } from "../../tests/e2e/chromium";
import { fmt, runBenchmark, table } from "../report";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HOST = "127.0.0.1";
const PAGES = (process.env.BENCH_PAGES ?? "/ /explore").split(/\s+/).filter(Boolean);
const TARGET_KB = 110;
const TARGET_SCRIPTS = 25;
const TARGET_HEADER_BYTES = 400;

let server: ChildProcess | undefined;
let dataDir: string | undefined;
const cleanup = async () => {
  await stopChild(server);
  await removeScratch(undefined, dataDir, false);
};
const watchdog = guardRun(10 * 60_000, cleanup, () => server?.kill("SIGKILL"));

type Resource = { url: string; type: string; wire: number; decoded: number; encoding: string };

async function startServer() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-bench-weight-"));
  const port = await freePort(HOST);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(DATABASE_URL|DATA_DIR|PORT|APP_URL|S3_|NODE_OPTIONS$)/.test(key)) env[key] = value;
  server = spawn(process.execPath, ["--experimental-wasm-modules", "scripts/start-local.js"], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), APP_URL: `http://${HOST}:${port}`, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://${HOST}:${port}`;
  await waitUntilHealthy(server, url);
  return url;
}

/** Every response of one first visit, as the browser's network layer saw it. */
async function visit(cdp: CDPSession, load: () => Promise<unknown>) {
  const byId = new Map<string, Resource>();
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]));
    byId.set(event.requestId, { url: event.response.url, type: event.type, wire: 0, decoded: 0, encoding: headers["content-encoding"] ?? "identity" });
  });
  cdp.on("Network.dataReceived", (event) => {
    const resource = byId.get(event.requestId);
    if (resource) resource.decoded += event.dataLength;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const resource = byId.get(event.requestId);
    if (resource) resource.wire = event.encodedDataLength;
  });
  await load();
  return [...byId.values()];
}

async function brotliSizes(url: string) {
  const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
  const at = (quality: number) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
  return { raw: body.length, br11: at(11), br4: at(4) };
}

/** A built file as a browser on HTTPS asks for it: its encoding and its header bytes on the wire. */
function staticResponse(url: string) {
  return new Promise<{ status: number; encoding: string; headerBytes: number; headers: string[] }>((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
      response.resume();
      const lines = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      const statusLine = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}`;
      const headerBytes = Buffer.byteLength([statusLine, ...lines, "", ""].join("\r\n"));
      resolve({ status: response.statusCode ?? 0, encoding: String(response.headers["content-encoding"] ?? "identity"), headerBytes, headers: lines });
    });
    request.on("error", reject);
  });
}

async function main() {
  ensureBuild(ROOT);
  const baseUrl = await startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows = [
    [
      "page",
      "requests",
      "all bytes on the wire",
      "JS requests",
      "JS on the wire (gzip)",
      "JS decoded",
      "JS brotli q11",
      "JS brotli q4",
      `target ≤ ${TARGET_SCRIPTS} scripts, ≤ ${TARGET_KB} KB brotli`,
    ],
  ];
  let staticFile: string | undefined;
  const scripts: string[][] = [["page", "script", "decoded", "brotli q11"]];
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const resources = await visit(cdp, () => tab.goto(`${baseUrl}${page}`, { waitUntil: "networkidle" }));
      await context.close();
      const js = resources.filter((resource) => resource.type === "Script");
      staticFile ??= js.find((script) => new URL(script.url).pathname.startsWith("/assets/"))?.url;
      let br11 = 0;
      let br4 = 0;
      for (const script of js) {
        const sizes = await brotliSizes(script.url);
        br11 += sizes.br11;
        br4 += sizes.br4;
        scripts.push([page, new URL(script.url).pathname, fmt(sizes.raw / 1024, 1), fmt(sizes.br11 / 1024, 1)]);
      }
      const sum = (list: Resource[], pick: (resource: Resource) => number) => list.reduce((total, resource) => total + pick(resource), 0);
      rows.push([
        page,
        String(resources.length),
        `${fmt(sum(resources, (r) => r.wire) / 1024, 1)} KB`,
        String(js.length),
        `${fmt(sum(js, (r) => r.wire) / 1024, 1)} KB`,
        `${fmt(sum(js, (r) => r.decoded) / 1024, 1)} KB`,
        `${fmt(br11 / 1024, 1)} KB`,
        `${fmt(br4 / 1024, 1)} KB`,
        js.length <= TARGET_SCRIPTS && br11 / 1024 <= TARGET_KB ? "met" : "NOT met",
      ]);
    }
  } finally {
    await browser.close();
  }
  const served = staticFile ? await staticResponse(staticFile) : undefined;
  console.log("");
  console.log(`Page weight, first visit, anonymous, 390 px, empty cache — ${new Date().toISOString()}`);
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log(table(scripts));
  if (!served) return;
  console.log("");
  console.log(`A built script asked for with accept-encoding: br, gzip — ${new URL(staticFile!).pathname}`);
  console.log(
    `status ${served.status}, content-encoding ${served.encoding}, headers ${served.headerBytes} bytes (target ≤ ${TARGET_HEADER_BYTES}: ${served.headerBytes <= TARGET_HEADER_BYTES ? "met" : "NOT met"})`,
  );
  for (const line of served.headers) console.log(`  ${line}`);
}

await runBenchmark(main, cleanup, watchdog);
