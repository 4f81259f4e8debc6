import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cv-env-"));

describe("parseEnv", () => {
  it("uses the documented defaults", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("refuses a malformed DATABASE_URL with a one-line reason", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "mysql//nope" })).toThrow(ConfigError);
    try {
      parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "mysql//nope" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("DATABASE_URL must be a PostgreSQL URL");
      expect(message).not.toContain("\n");
    }
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET is required in production/);
  });

  it("generates a secret outside production and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).SESSION_SECRET;
    expect(first).toHaveLength(64);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(fs.readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first);
  });

  it("treats blank values, as a copied .env.example has them, as not set", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), SESSION_SECRET: "", PORT: "", CATALOGUE_CACHE_SECONDS: " ", MAIL_FROM: "", ADMIN_EMAIL: " " });
    expect(env.PORT).toBe(3000);
    expect(env.CATALOGUE_CACHE_SECONDS).toBe(60);
    expect(env.MAIL_FROM).toContain("CharacterVerse");
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.SESSION_SECRET).toHaveLength(64);
  });

  it("reads a key and base URL for every AI platform", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), NEBIUS_API_KEY: "k", NEBIUS_BASE_URL: "http://127.0.0.1:9/v1" }) as Record<string, unknown>;
    expect(env.NEBIUS_API_KEY).toBe("k");
    expect(env.NEBIUS_BASE_URL).toBe("http://127.0.0.1:9/v1");
    expect(() => parseEnv({ DATA_DIR: dataDir(), OPENAI_BASE_URL: "not a url" })).toThrow(/OPENAI_BASE_URL/);
  });

  it("trusts no forwarding header unless TRUST_PROXY names the proxies, by count or by address", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.2, 172.16.0.0/12, ::1, fd00::/8, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.2",
      "172.16.0.0/12",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses a TRUST_PROXY that is neither a count nor addresses, such as true", () => {
    for (const value of ["true", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "1.5"]) {
      expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be a number of proxies/);
    }
  });
});
