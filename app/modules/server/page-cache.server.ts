import { env } from "~/modules/config/env.server";
import { anonymousPageCacheFor } from "~/modules/http/anonymous-page-cache.server";

/** The anonymous page micro-cache as server.js mounts it: pages kept for CATALOGUE_CACHE_SECONDS (decision 004). */
export const anonymousPageCache = anonymousPageCacheFor(() => env().CATALOGUE_CACHE_SECONDS);
