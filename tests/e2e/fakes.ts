import { test } from "@playwright/test";
import { E2E_OPENAI_PORT, E2E_SMTP_PORT } from "../../playwright.config";
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
