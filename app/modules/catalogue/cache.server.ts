import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import { env } from "~/modules/config/env.server";
import { database } from "~/modules/db/db.server";
import { clearAnonymousPageCache } from "~/modules/http/anonymous-page-cache.server";
import { logger } from "~/modules/logging/logger.server";

type Read = () => Promise<unknown>;

/**
 * The public catalogue (categories, banners, character searches) changes rarely and is read on
 * every page, so each instance keeps recent reads for CATALOGUE_CACHE_SECONDS (60 s by default,
 * the spec's dedupe window for the characters list; 0 turns it off). Identical reads that arrive
 * together share one query. A catalogue write calls catalogueChanged(): this instance forgets at
 * once, and every other instance on the database hears it through NOTIFY and forgets too.
 */
const cache = new LRUCache<string, { value: unknown }, Read>({
  max: 2000,
  fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
});

export async function cachedCatalogueRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const seconds = env().CATALOGUE_CACHE_SECONDS;
  if (seconds === 0) return read();
  let readFailed = false;
  const ownRead = () =>
    read().catch((error: unknown) => {
      readFailed = true;
      throw error;
    });
  try {
    const entry = await cache.fetch(key, { context: ownRead, ttl: seconds * 1000 });
    return entry!.value as T;
  } catch (error) {
    // A write cleared the cache while the shared read ran (the cache aborts it), or the read this
    // one joined failed: this one reads for itself, and after the write.
    if (readFailed) throw error;
    return read();
  }
}

/** After a catalogue write: forget cached reads and the anonymous pages built from them. */
export function invalidateCatalogueCache() {
  cache.clear();
  clearAnonymousPageCache();
}

const CHANNEL = "catalogue_changes";
/** Tells this instance's own NOTIFY from the others'. */
const INSTANCE_ID = randomUUID();

/**
 * After a catalogue write (characters, categories, banners, models, packages, plans): every
 * instance forgets its cached reads and anonymous pages. Call it after the write has committed.
 */
export async function catalogueChanged() {
  invalidateCatalogueCache();
  try {
    await database().prisma.$executeRaw`SELECT pg_notify(${CHANNEL}, ${INSTANCE_ID})`;
  } catch (error) {
    // The write is done; other instances catch up within CATALOGUE_CACHE_SECONDS.
    logger.warn({ err: error }, "could not tell other instances that the catalogue changed");
  }
}

/**
 * Listens for other instances' catalogue writes (at start-up). After a lost connection the
 * instance listens again and forgets everything, as a change may have been missed meanwhile.
 */
export function listenForCatalogueChanges() {
  return database().listen(
    CHANNEL,
    (payload) => {
      if (payload !== INSTANCE_ID) invalidateCatalogueCache();
    },
    invalidateCatalogueCache,
  );
}
