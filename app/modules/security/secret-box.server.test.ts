import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { isSealed, openSecret, sealSecret } from "./secret-box.server";

const saved = process.env.SESSION_SECRET;
afterEach(() => {
  if (saved === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = saved;
  resetEnvForTests();
});

describe("secret box", () => {
  it("seals a key so that the stored text does not hold it, and opens it again", () => {
    const sealed = sealSecret("sk-live-123456");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("sk-live-123456");
    expect(openSecret(sealed)).toBe("sk-live-123456");
  });

  it("seals the same key differently each time", () => {
    expect(sealSecret("same")).not.toBe(sealSecret("same"));
  });

  it("reads a value stored before sealing existed as the plain key, and nothing as null", () => {
    expect(openSecret("sk-plain-legacy")).toBe("sk-plain-legacy");
    expect(openSecret(null)).toBeNull();
    expect(openSecret("")).toBeNull();
  });

  it("refuses a tampered value and one sealed under another SESSION_SECRET", () => {
    const sealed = sealSecret("sk-live-123456");
    const [prefix, iv, tag, body] = sealed.split(":");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] ^= 1;
    expect(openSecret([prefix, iv, tag, flipped.toString("base64url")].join(":"))).toBeNull();
    expect(openSecret("v1:broken")).toBeNull();

    process.env.SESSION_SECRET = "another-session-secret-of-at-least-32-chars";
    resetEnvForTests();
    expect(openSecret(sealed)).toBeNull();
  });
});
