// Which address the per-address limits count: Express's `trust proxy`, set from TRUST_PROXY as
// server.js sets it, in front of the app's adapter.
import type { AddressInfo } from "node:net";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/modules/config/env.server";
import { nodeRequestHandler } from "~/modules/server/node-adapter.server";

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** The address and protocol a route is given for a request from this machine that carries forwarding headers. */
async function seenWith(trustProxy: string | undefined) {
  const config = parseEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "cv-proxy-")), ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) });
  const app = express();
  app.set("trust proxy", config.TRUST_PROXY);
  app.all(
    "/{*path}",
    nodeRequestHandler(
      async (request, context) => Response.json({ clientIp: context.clientIp, protocol: new URL(request.url).protocol }),
      (req) => ({ clientIp: req.ip }),
    ),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/login`, {
    headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" },
  });
  return (await response.json()) as { clientIp: string; protocol: string };
}

describe("the client address behind proxies", () => {
  it("ignores forwarding headers unless TRUST_PROXY is set, so a client cannot pick the address its limits count", async () => {
    expect(await seenWith(undefined)).toEqual({ clientIp: "127.0.0.1", protocol: "http:" });
  });

  it("believes one proxy in front when TRUST_PROXY=1", async () => {
    expect(await seenWith("1")).toEqual({ clientIp: "203.0.113.9", protocol: "https:" });
  });

  it("believes only the proxies TRUST_PROXY lists", async () => {
    expect(await seenWith("127.0.0.1")).toEqual({ clientIp: "203.0.113.9", protocol: "https:" });
    expect(await seenWith("10.0.0.2, 10.1.0.0/16")).toEqual({ clientIp: "127.0.0.1", protocol: "http:" });
  });
});
