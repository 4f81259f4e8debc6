import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Every loader and action of a request gets the request itself, not a copy each (React
    // Router 8's behaviour): per-request lookups keyed by it are shared, and the copies' cost
    // is gone. Routing logic reads the `url` argument, the page's address without `.data`.
    v8_passThroughRequests: true,
  },
} satisfies Config;
