import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** Tests that read mail start tests/fakes/smtp-capture.ts on this port; the app sends there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
/** Tests that sign in with Google start tests/fakes/oauth-provider.ts on this port. */
export const E2E_OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? 2527);
/** Tests that pay start tests/fakes/stripe-server.ts on this port; the app's Stripe SDK talks to it. */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 2528);
export const E2E_STRIPE_WEBHOOK_SECRET = "whsec_e2e";
/** Tests that chat start tests/fakes/openai-server.ts on this port; the Nebius models talk to it. */
export const E2E_OPENAI_PORT = Number(process.env.E2E_OPENAI_PORT ?? 2529);
/** Tests that generate with fal models start tests/fakes/fal-server.ts on this port (fakes.ts falFake). */
export const E2E_FAL_PORT = Number(process.env.E2E_FAL_PORT ?? 2530);
export const E2E_FAL_KEY = "fal-e2e-key";

/** The server's data folder: one per shard when `npm test` runs the suite in shards side by side. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";

/** End-to-end tests run against the production build on a fresh embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  // Tests that need a PostgreSQL server run only when one is named.
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ["**/*.postgres.spec.ts"],
  // A shard run by `npm test` keeps its artifacts apart, since each run empties its own folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  // One retry: a test that fails once and passes on its second run is reported as flaky in the
  // closing summary (scripts/test.sh repeats it last) instead of failing the whole run; a test
  // that fails twice still fails it.
  retries: 1,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    // The app answers in the browser's language: the suite reads English unless a test says
    // otherwise, whatever the machine's own locale.
    locale: "en-US",
    trace: "off",
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --experimental-wasm-modules --import tsx tests/e2e/prepare-data.ts && node --experimental-wasm-modules scripts/start-local.js`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      // Journeys name their own client address in X-Forwarded-For (journeys.ts); the browser is the "proxy".
      TRUST_PROXY: "loopback",
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}?ignoreTLS=true`,
      GOOGLE_CLIENT_ID: "characterverse-e2e",
      GOOGLE_CLIENT_SECRET: "characterverse-e2e-secret",
      GOOGLE_AUTHORIZATION_URL: `http://127.0.0.1:${E2E_OAUTH_PORT}/authorize`,
      GOOGLE_TOKEN_URL: `http://127.0.0.1:${E2E_OAUTH_PORT}/token`,
      GOOGLE_USERINFO_URL: `http://127.0.0.1:${E2E_OAUTH_PORT}/userinfo`,
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      NEBIUS_API_KEY: "nebius-e2e-key",
      NEBIUS_BASE_URL: `http://127.0.0.1:${E2E_OPENAI_PORT}/v1`,
      // The fal starter models are published; prepare-data.ts keeps the offline demo models first.
      FAL_KEY: E2E_FAL_KEY,
      FAL_BASE_URL: `http://127.0.0.1:${E2E_FAL_PORT}`,
      FAL_JWKS_URL: `http://127.0.0.1:${E2E_FAL_PORT}/.well-known/jwks.json`,
      // The app's address is not public, so fal would not reach it: jobs are polled.
      FAL_WEBHOOKS: "off",
    },
  },
});
