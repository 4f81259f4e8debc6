import { test } from "@playwright/test";
import { E2E_FAL_KEY, E2E_FAL_PORT, E2E_OPENAI_PORT, E2E_SMTP_PORT } from "../../playwright.config";
import { startFakeFal, type FakeFal } from "../fakes/fal-server";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";

/**
 * The mail catcher and the fake model a chat journey needs, on the ports the e2e server is
 * configured with: started before the file's tests, closed after them.
 */
export function mailAndModelFakes() {
  const fakes = {} as { smtp: SmtpCapture; model: FakeOpenAi };
  test.beforeAll(async () => {
    fakes.smtp = await startSmtpCapture({ port: E2E_SMTP_PORT });
    fakes.model = await startFakeOpenAi({ port: E2E_OPENAI_PORT });
  });
  test.afterAll(async () => {
    await fakes.smtp.close();
    await fakes.model.close();
  });
  return fakes;
}

/** The fake fal queue API the e2e server's fal models talk to, for the file's tests. */
export function falFake() {
  const fakes = {} as { fal: FakeFal };
  test.beforeAll(async () => {
    fakes.fal = await startFakeFal({ port: E2E_FAL_PORT, key: E2E_FAL_KEY });
  });
  test.afterAll(async () => {
    await fakes.fal.close();
  });
  return fakes;
}
