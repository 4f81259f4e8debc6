import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { logger } from "~/modules/logging/logger.server";
import { resetMailerForTests, sendMail } from "~/modules/mail/mailer.server";
import { passwordResetEmail, verificationEmail } from "~/modules/mail/templates";
import { readMail, startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";

const appUrl = "http://localhost:3000";
const verifyLink = `${appUrl}/verify-email?token=${"a1b2c3".repeat(12)}`;

let capture: SmtpCapture;

function configure(variables: { SMTP_URL?: string; DATA_DIR?: string }) {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  resetMailerForTests();
}

beforeAll(async () => {
  capture = await startSmtpCapture();
});
afterAll(async () => {
  configure({ SMTP_URL: undefined });
  await capture.close();
});
beforeEach(() => {
  process.env.MAIL_FROM = "CharacterVerse <hello@characterverse.test>";
  configure({ SMTP_URL: capture.url });
});
afterEach(() => {
  delete process.env.MAIL_FROM;
  vi.restoreAllMocks();
});

describe("mail over SMTP", () => {
  it("delivers a verification e-mail to its recipient, from MAIL_FROM, with the link in both parts", async () => {
    await sendMail({ to: "ada@example.test", ...verificationEmail({ link: verifyLink, appUrl }) });

    const message = await capture.waitForMessage((candidate) => candidate.to.includes("ada@example.test"));
    const mail = readMail(message.raw);
    expect(message.to).toEqual(["ada@example.test"]);
    expect(mail.subject).toBe("Confirm your e-mail for CharacterVerse");
    expect(mail.from).toBe("CharacterVerse <hello@characterverse.test>");
    expect(mail.text).toContain(verifyLink);
    expect(mail.text).toContain("expires in 24 hours");
    expect(mail.html).toContain(`href="${verifyLink}"`);
    expect(mail.html).toContain(`>${verifyLink}</a>`);
  });

  it("sends a password reset link that expires in an hour and works once", async () => {
    const link = `${appUrl}/reset-password?token=once`;
    await sendMail({ to: "grace@example.test", ...passwordResetEmail({ link, appUrl }) });

    const mail = readMail((await capture.waitForMessage((candidate) => candidate.to.includes("grace@example.test"))).raw);
    expect(mail.subject).toBe("Reset your CharacterVerse password");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("expires in 1 hour and can be used once");
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("escapes a link with & and quotes in the HTML part and keeps it verbatim in the text part", async () => {
    const link = `${appUrl}/verify-email?token=a&next="/chat"<b>`;
    await sendMail({ to: "eve@example.test", ...verificationEmail({ link, appUrl }) });

    const mail = readMail((await capture.waitForMessage((candidate) => candidate.to.includes("eve@example.test"))).raw);
    const escaped = `${appUrl}/verify-email?token=a&amp;next=&quot;/chat&quot;&lt;b&gt;`;
    expect(mail.html).toContain(`href="${escaped}"`);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.html).not.toContain(link);
    expect(mail.text).toContain(link);
  });

  it("refuses a STARTTLS certificate it cannot verify, unless the URL says ignoreTLS=true", async () => {
    const tlsCapture = await startSmtpCapture({ startTls: true });
    try {
      configure({ SMTP_URL: tlsCapture.url });
      await expect(sendMail({ to: "mallory@example.test", ...verificationEmail({ link: verifyLink, appUrl }) })).rejects.toThrow(/certificate/);
      expect(tlsCapture.messages).toEqual([]);

      configure({ SMTP_URL: `${tlsCapture.url}?ignoreTLS=true` });
      await sendMail({ to: "local@example.test", ...verificationEmail({ link: verifyLink, appUrl }) });
      expect((await tlsCapture.waitForMessage()).to).toEqual(["local@example.test"]);
    } finally {
      await tlsCapture.close();
    }
  });
});

describe("mail without SMTP_URL", () => {
  it("writes a multipart .eml into DATA_DIR/outbox and logs that it did, without the live link", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cv-mail-"));
    configure({ SMTP_URL: undefined, DATA_DIR: dataDir });
    const info = vi.spyOn(logger, "info");
    const debug = vi.spyOn(logger, "debug");
    const deliveredOverSmtp = capture.messages.length;

    await sendMail({ to: "ada@example.test", ...verificationEmail({ link: verifyLink, appUrl }) });

    const outbox = path.join(dataDir, "outbox");
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const raw = fs.readFileSync(path.join(outbox, files[0]), "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    const mail = readMail(raw);
    expect(mail.to).toBe("ada@example.test");
    expect(mail.subject).toBe("Confirm your e-mail for CharacterVerse");
    expect(mail.text).toContain(verifyLink);
    expect(mail.html).toContain(`href="${verifyLink}"`);
    expect(info).toHaveBeenCalledWith(
      { to: "ada@example.test", subject: "Confirm your e-mail for CharacterVerse", file: path.join(outbox, files[0]) },
      "mail written to the outbox",
    );
    // The link only where LOG_LEVEL=debug shows it.
    expect(JSON.stringify(info.mock.calls)).not.toContain(verifyLink);
    expect(debug).toHaveBeenCalledWith({ to: "ada@example.test", link: verifyLink }, "link in the outbox mail");
    expect(capture.messages).toHaveLength(deliveredOverSmtp);
  });
});
