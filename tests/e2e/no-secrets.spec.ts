import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR, E2E_FAL_KEY, E2E_SMTP_PORT } from "../../playwright.config";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { signedInAccount } from "./journeys";

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
});
test.afterAll(() => smtp.close());

// The server under test reads these (playwright.config.ts and scripts/start-local.js).
const sessionSecret = () => fs.readFileSync(path.join(E2E_DATA_DIR, "session-secret"), "utf8").trim();
const googleClientSecret = "characterverse-e2e-secret";

/** Every page a signed-in person reaches, as the loader data the browser downloads. */
const pages = ["/", "/explore?q=a", "/dashboard", "/dashboard/settings", "/chat", "/generate"];

test("no password hash, session id or secret appears in any loader's data", async ({ page }) => {
  const email = `secrets.${Date.now()}@example.com`;
  await signedInAccount(page, smtp, email, "a long password");

  const sessionId = (await page.context().cookies()).find((cookie) => cookie.name === "cv_session")!.value;
  expect(sessionId.length).toBeGreaterThan(20);
  const forbidden = [sessionId, decodeURIComponent(sessionId), sessionSecret(), googleClientSecret, E2E_FAL_KEY];

  for (const pathname of pages) {
    // What client-side navigation fetches (single fetch), and the document with its hydration data.
    const url = new URL(pathname, "http://app");
    for (const target of [`${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`, pathname]) {
      const response = await page.request.get(target);
      expect(response.status(), target).toBeLessThan(400);
      const body = await response.text();
      expect(body, target).toContain(email.split("@")[0]!);
      for (const secret of forbidden) expect(body.includes(secret), `${target} leaks a secret`).toBe(false);
      expect(body, target).not.toMatch(/scrypt\$\d+\$/);
      expect(body, target).not.toMatch(/password_?hash/i);
    }
  }
});

test("the client bundle holds no secret and no server module", async () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|css|html|json)$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join("build", "client"));
  expect(files.length).toBeGreaterThan(5);
  const forbidden = [
    sessionSecret(),
    googleClientSecret,
    E2E_FAL_KEY,
    "SESSION_SECRET",
    "STRIPE_SECRET_KEY",
    "GOOGLE_CLIENT_SECRET",
    "passwordHash",
    "node:crypto",
    "scryptSync",
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const secret of forbidden) expect(text.includes(secret), `${file} contains ${secret}`).toBe(false);
  }
});
