import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "tests/fakes/**/*.test.ts", "tests/lint/**/*.test.ts"],
    // Tests that need a PostgreSQL server run only when one is named.
    exclude: process.env.TEST_DATABASE_URL ? ["**/node_modules/**"] : ["**/node_modules/**", "**/*.postgres.test.ts"],
    setupFiles: ["tests/setup-env.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite is WASM: a few files at a time keep the 2-core machines responsive.
    maxWorkers: 2,
  },
});
