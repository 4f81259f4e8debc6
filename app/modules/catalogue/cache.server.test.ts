import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { cachedCatalogueRead, invalidateCatalogueCache } from "./cache.server";

afterEach(() => {
  delete process.env.CATALOGUE_CACHE_SECONDS;
  resetEnvForTests();
  invalidateCatalogueCache();
});

function countingRead() {
  let calls = 0;
  return { read: async () => ++calls, calls: () => calls };
}

describe("catalogue cache", () => {
  it("answers a repeated read from memory within the window", async () => {
    const source = countingRead();
    expect(await cachedCatalogueRead("k", source.read)).toBe(1);
    expect(await cachedCatalogueRead("k", source.read)).toBe(1);
    expect(source.calls()).toBe(1);
  });

  it("makes reads that arrive together share one query", async () => {
    const source = countingRead();
    const results = await Promise.all(Array.from({ length: 20 }, () => cachedCatalogueRead("k", source.read)));
    expect(new Set(results)).toEqual(new Set([1]));
    expect(source.calls()).toBe(1);
  });

  it("reads again after an invalidation", async () => {
    const source = countingRead();
    await cachedCatalogueRead("k", source.read);
    invalidateCatalogueCache();
    expect(await cachedCatalogueRead("k", source.read)).toBe(2);
  });

  it("answers a read that a write's invalidation interrupted by reading again, after the write", async () => {
    let calls = 0;
    let releaseFirst: (value: number) => void = () => {};
    const read = () => (++calls === 1 ? new Promise<number>((resolve) => (releaseFirst = resolve)) : Promise.resolve(calls));
    const pending = cachedCatalogueRead("k", read);
    invalidateCatalogueCache();
    releaseFirst(1);
    expect(await pending).toBe(2);
  });

  it("does not keep failures", async () => {
    await expect(cachedCatalogueRead("k", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cachedCatalogueRead("k", async () => "recovered")).toBe("recovered");
  });

  it("is off when CATALOGUE_CACHE_SECONDS is 0", async () => {
    process.env.CATALOGUE_CACHE_SECONDS = "0";
    resetEnvForTests();
    const source = countingRead();
    await cachedCatalogueRead("k", source.read);
    expect(await cachedCatalogueRead("k", source.read)).toBe(2);
  });
});
