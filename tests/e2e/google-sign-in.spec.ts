import { expect, test } from "@playwright/test";
import { E2E_OAUTH_PORT } from "../../playwright.config";
import { startOAuthProvider, type OAuthProvider } from "../fakes/oauth-provider";
import { desktop } from "./viewports";

// The app (started by Playwright) is configured with this real OAuth2 server as "Google".
let provider: OAuthProvider;
test.beforeAll(async () => {
  provider = await startOAuthProvider({ port: E2E_OAUTH_PORT });
});
test.afterAll(() => provider.close());

for (const javaScriptEnabled of [true, false]) {
  test(`a first Google sign-in creates the account and signs it in ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: desktop });
    const page = await context.newPage();
    const id = `${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}`;
    provider.signInAs({ sub: `google-${id}`, email: `google.${id}@example.com`, email_verified: true, name: `Googler ${id}` });

    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/(\?toast=signed-in)?$/);
    if (javaScriptEnabled) await expect(page.getByRole("status").filter({ hasText: "Successfully signed in" })).toBeVisible();
    await expect(page.getByLabel("Profile menu")).toContainText(`Googler ${id}`);
    await context.close();
  });
}

test("signing in with Google from the sign-up page returns to where the person was going", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  provider.signInAs({ sub: `google-return-${Date.now()}`, email: `return.${Date.now()}@example.com`, email_verified: true });
  await page.goto("/signup?redirectTo=%2Fexplore");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/explore(\?toast=signed-in)?$/);
  await expect(page.getByLabel("Profile menu")).toBeVisible();
  await context.close();
});

test("a tampered state is refused with the spec's error toast", async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  provider.signInAs({ sub: `google-forged-${Date.now()}`, email: `forged.${Date.now()}@example.com`, email_verified: true });
  provider.changeNextRedirectBack((url) => url.searchParams.set("state", "forged-state"));

  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/(\?toast=auth-failed)?$/);
  await expect(page.getByRole("status").filter({ hasText: "Failed to complete authentication" })).toBeVisible();
  await expect(page.getByLabel("Profile menu")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await context.close();
});
