import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import { compression } from "vite-plugin-compression2";
import path from "node:path";

const app = (file: string) => path.resolve(import.meta.dirname, "app", file);
/** Route modules every page of the shell loads. */
const SHELL = [app("root.tsx"), app("routes/_shell/layout.tsx"), app("routes/_shell/content.tsx")];
/** The two pages of a first visit. */
const CATALOGUE = [app("routes/home.tsx"), app("routes/explore.tsx")];

/**
 * Rollup gives every set of routes sharing a module a chunk of its own, so a first visit fetched
 * 48 scripts, most under 1 KB (icons, text tables). Code the shell's routes import goes into one
 * `shell` chunk, which every page loads anyway, and code both catalogue pages import into one
 * `catalogue` chunk; the rest, and each route's own code, stays split by route.
 */
function firstVisitChunks() {
  const reached = new Map<string, boolean>();
  function isReachedFrom(id: string, roots: string[], info: Rollup.GetModuleInfo, seen = new Set<string>()): boolean {
    const key = `${roots.join()}|${id}`;
    const known = reached.get(key);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    seen.add(id);
    const importers = info(id)?.importers ?? [];
    const result = roots.includes(id) || importers.some((importer) => isReachedFrom(importer, roots, info, seen));
    reached.set(key, result);
    return result;
  }
  return (id: string, { getModuleInfo }: Rollup.ManualChunkMeta) => {
    // Libraries keep Vite's chunks (React, React Router), except the icons, a few hundred bytes each.
    if (id.includes("/node_modules/") && !id.includes("/node_modules/lucide-react/")) return undefined;
    if (id.includes("?") || SHELL.includes(id) || CATALOGUE.includes(id)) return undefined;
    if (isReachedFrom(id, SHELL, getModuleInfo)) return "shell";
    if (CATALOGUE.every((page) => isReachedFrom(id, [page], getModuleInfo))) return "catalogue";
    return undefined;
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli and gzip copies beside every script, style sheet and icon, made once at build time;
    // server.js serves them (docs/decisions/040-static-files-before-the-page-pipeline.md).
    compression({ include: [/^assets\/.+\.(js|css)$/, /\.svg$/], algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
  ],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: firstVisitChunks() } } } },
  },
  ssr: {
    // Native and WASM packages stay external: they are loaded by Node at run time.
    external: ["sharp", "@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg"],
  },
});
