import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: {
    // Native and WASM packages stay external: they are loaded by Node at run time.
    external: ["sharp", "@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "pg"],
  },
});
