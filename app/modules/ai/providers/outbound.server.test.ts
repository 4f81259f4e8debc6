import { describe, expect, test } from "vitest";
import { FORBIDDEN_MODEL_ADDRESS_TEXT, isForbiddenModelHost } from "~/lib/model-address";
import { assertModelUrlAllowed, checkedLookup } from "./outbound.server";

const lookup = (hostname: string, options: object = {}) =>
  new Promise<unknown>((resolve, reject) => checkedLookup(hostname, options, (error, address) => (error ? reject(error) : resolve(address))));

describe("where a model may be called", () => {
  test("link-local addresses and cloud metadata services are refused, written any way", () => {
    for (const host of [
      "169.254.169.254",
      "[fe80::1]",
      "fe80::abcd",
      "[::ffff:169.254.169.254]",
      "metadata.google.internal",
      "METADATA.google.internal.",
      "100.100.100.200",
      "[fd00:ec2::254]",
    ])
      expect(isForbiddenModelHost(host), host).toBe(true);
  });

  test("loopback, private networks and public hosts are allowed (a self-hosted Ollama included)", () => {
    for (const host of ["127.0.0.1", "localhost", "[::1]", "10.0.0.8", "192.168.1.20", "172.16.4.2", "api.openai.com", "ollama.internal"])
      expect(isForbiddenModelHost(host), host).toBe(false);
  });

  test("a URL naming a forbidden host is refused before any request, with the text the admin reads", () => {
    expect(() => assertModelUrlAllowed("http://169.254.169.254/latest/meta-data")).toThrow(FORBIDDEN_MODEL_ADDRESS_TEXT);
    expect(() => assertModelUrlAllowed("http://127.0.0.1:11434/v1")).not.toThrow();
  });

  test("a name is checked by what it resolves to, with one address or all of them", async () => {
    await expect(lookup("169.254.169.254")).rejects.toThrow(FORBIDDEN_MODEL_ADDRESS_TEXT);
    await expect(lookup("169.254.169.254", { all: true })).rejects.toThrow(FORBIDDEN_MODEL_ADDRESS_TEXT);
    await expect(lookup("127.0.0.1")).resolves.toBe("127.0.0.1");
    await expect(lookup("localhost", { all: true })).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));
  });
});
