import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireSameOrigin } from "~/modules/security/same-origin.server";

let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  process.env.APP_URL = "https://chat.example.com";
  const app = express();
  app.use(requireSameOrigin);
  app.all("/{*path}", (_request, response) => {
    response.send("done");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (path: string, headers: Record<string, string>) => fetch(`${baseUrl}${path}`, { method: "POST", headers, body: "a=1" });

describe("same-origin check on state-changing requests", () => {
  it("accepts a form posted from the app's own origin", async () => {
    expect((await post("/login", { Origin: "https://chat.example.com" })).status).toBe(200);
    expect((await post("/login", { Origin: baseUrl })).status).toBe(200);
    expect((await post("/login", { Origin: "null", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("refuses a form posted from another site", async () => {
    const response = await post("/logout", { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused");
    expect((await post("/logout", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post("/logout", { Origin: "null", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("lets reads, signed webhooks and non-browser clients through", async () => {
    expect((await fetch(`${baseUrl}/explore`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    expect((await post("/api/webhooks/stripe", { Origin: "https://stripe.example" })).status).toBe(200);
    expect((await post("/login", {})).status).toBe(200);
  });
});
