import { LRUCache } from "lru-cache";
import { env } from "~/modules/config/env.server";
import { clearAnonymousPageCache } from "~/modules/http/anonymous-page-cache.server";

type Read = () => Promise<unknown>;

/**
 * The public catalogue (categories, banners, character searches) changes rarely and is read on
 * every page, so each instance keeps recent reads for CATALOGUE_CACHE_SECONDS (60 s by default,
 * the spec's dedupe window for the characters list; 0 turns it off). Identical reads that arrive
 * together share one query. Writes made through this instance call invalidateCatalogueCache();
 * other instances catch up within the window.
 */
const cache = new LRUCache<string, { value: unknown }, Read>({
  max: 2000,
  fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
});

export async function cachedCatalogueRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const seconds = env().CATALOGUE_CACHE_SECONDS;
  if (seconds === 0) return read();
  const entry = await cache.fetch(key, { context: read, ttl: seconds * 1000 });
  return entry!.value as T;
}

/** After a catalogue write: forget cached reads and the anonymous pages built from them. */
export function invalidateCatalogueCache() {
  cache.clear();
  clearAnonymousPageCache();
}
