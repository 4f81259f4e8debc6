import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearAnonymousPageCache } from "~/modules/http/anonymous-page-cache.server";
import { anonymousPageCache } from "~/modules/server/page-cache.server";

let baseUrl: string;
let renders = 0;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use((_request, response, next) => {
    response.locals.cspNonce = randomBytes(8).toString("hex");
    response.setHeader("Content-Security-Policy", `script-src 'nonce-${response.locals.cspNonce}'`);
    next();
  });
  app.use(compression());
  app.use(anonymousPageCache);
  // Stands in for React Router: a page whose scripts carry the request's nonce.
  app.get("/{*path}", async (request, response) => {
    renders += 1;
    if (request.query.slow) await new Promise((resolve) => setTimeout(resolve, 300));
    if (request.query.cookie) response.setHeader("Set-Cookie", "flash=1");
    if (request.query.status) response.status(Number(request.query.status));
    response.type("html").send(`<html><script nonce="${response.locals.cspNonce}">boot()</script>${"<p>card</p>".repeat(500)}</html>`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  clearAnonymousPageCache();
  renders = 0;
});

/** The cache stores compressed copies after the response; give that a moment. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));
const nonceIn = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

describe("anonymous page cache", () => {
  it("serves a repeated anonymous page without rendering it again, compressed, with a matching nonce", async () => {
    const first = await fetch(`${baseUrl}/explore?q=coach`);
    const firstBody = await first.text();
    await settle();
    const second = await fetch(`${baseUrl}/explore?q=coach`, { headers: { "Accept-Encoding": "br" } });
    const secondBody = await second.text();

    expect(renders).toBe(1);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(secondBody).toBe(firstBody);
    expect(secondBody).toContain(`nonce="${nonceIn(second.headers.get("content-security-policy"))}"`);
  });

  it("renders every request that carries a cookie", async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${baseUrl}/explore`, { headers: { Cookie: "session=abc" } });
      expect(response.headers.get("x-page-cache")).toBeNull();
      await settle();
    }
    expect(renders).toBe(2);
  });

  it("does not keep responses that set a cookie or are not 200", async () => {
    await fetch(`${baseUrl}/a?cookie=1`);
    await fetch(`${baseUrl}/b?status=404`);
    await settle();
    await fetch(`${baseUrl}/a?cookie=1`);
    await fetch(`${baseUrl}/b?status=404`);
    expect(renders).toBe(4);
  });

  it("never stores the empty body of a HEAD request", async () => {
    const head = await fetch(`${baseUrl}/explore`, { method: "HEAD" });
    expect(head.status).toBe(200);
    await settle();
    const get = await fetch(`${baseUrl}/explore`);
    expect(get.headers.get("x-page-cache")).toBe("miss");
    expect(await get.text()).toContain("<p>card</p>");
  });

  it("honours q-values when choosing the encoding of a hit", async () => {
    await fetch(`${baseUrl}/explore`);
    await settle();
    const refusesBrotli = await fetch(`${baseUrl}/explore`, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(refusesBrotli.headers.get("content-encoding")).toBe("gzip");
    const refusesBoth = await fetch(`${baseUrl}/explore`, { headers: { "Accept-Encoding": "br;q=0, gzip;q=0" } });
    expect(refusesBoth.headers.get("x-page-cache")).toBe("hit");
    expect(refusesBoth.headers.get("content-encoding")).toBeNull();
    expect(await refusesBoth.text()).toContain("<p>card</p>");
  });

  it("does not keep a page rendered before the cache was cleared", async () => {
    const pending = fetch(`${baseUrl}/explore?slow=1`);
    // The handler takes 300 ms; clear while it is rendering.
    await new Promise((resolve) => setTimeout(resolve, 100));
    clearAnonymousPageCache();
    await (await pending).text();
    await settle();
    expect((await fetch(`${baseUrl}/explore?slow=1`)).headers.get("x-page-cache")).toBe("miss");
  });

  it("keys on the whole URL, so each query is its own page", async () => {
    await fetch(`${baseUrl}/explore?q=a`);
    await settle();
    const other = await fetch(`${baseUrl}/explore?q=b`);
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(renders).toBe(2);
  });
});
