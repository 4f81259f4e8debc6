import { describe, expect, it } from "vitest";
import type { Env } from "~/modules/config/env.server";
import { webhooksReachable } from "./worker.server";

const config = (APP_URL: string, FAL_WEBHOOKS: "auto" | "on" | "off" = "auto") => ({ APP_URL, FAL_WEBHOOKS }) as Env;

describe("whether fal can call the app back", () => {
  it("is yes for a public address when automatic", () => {
    expect(webhooksReachable(config("https://characters.example.com"))).toBe(true);
    expect(webhooksReachable(config("http://203.0.113.7:3000"))).toBe(true);
  });

  it("is no for this machine, a private network or a local name when automatic, so jobs are polled", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://10.0.0.5",
      "http://192.168.1.20",
      "http://172.20.0.3",
      "http://app.local",
      "http://app",
      "http://[::1]:3000",
    ]) {
      expect(webhooksReachable(config(url)), url).toBe(false);
    }
  });

  it("follows FAL_WEBHOOKS when it is on or off", () => {
    expect(webhooksReachable(config("http://localhost:3000", "on"))).toBe(true);
    expect(webhooksReachable(config("https://characters.example.com", "off"))).toBe(false);
  });
});
