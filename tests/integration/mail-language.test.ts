import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/modules/config/env.server";
import { resetMailerForTests } from "~/modules/mail/mailer.server";
import { action as forgotPasswordAction } from "~/routes/forgot-password";
import { action as signUpAction } from "~/routes/signup";
import es from "~/locales/es/mail.json";
import ja from "~/locales/ja/mail.json";
import { readMail, startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { confirmedAccount } from "../helpers/accounts";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { answerOf, routeArgs } from "../helpers/route-args";

/**
 * Mail arrives in its recipient's language: the language a person signed up in is kept on their
 * account, and every mail to them (the confirmation, a password reset) uses it, whoever asked.
 */
const test = databaseEmptiedBeforeEachTest();
let capture: SmtpCapture;

function useSmtp(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnvForTests();
  resetMailerForTests();
}

beforeAll(async () => {
  capture = await startSmtpCapture();
  useSmtp(capture.url);
});
afterAll(async () => {
  useSmtp(undefined);
  await capture.close();
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

const mailTo = async (email: string) => readMail((await capture.waitForMessage((message) => message.to.includes(email))).raw);

describe("mail in the recipient's language", () => {
  it("a sign-up made with the cookie cv_lang=es gets its confirmation mail in Spanish, and the account keeps Spanish", async () => {
    const email = "lucia@example.com";
    const request = post("/signup", { email, password: "contraseña1", confirmPassword: "contraseña1" }, "cv_lang=es");
    expect(await answerOf(() => signUpAction(routeArgs(request, { context: { clientIp: "10.40.0.1" } })))).toEqual({
      status: 200,
      data: { status: "sent", email },
    });

    const mail = await mailTo(email);
    expect(mail.subject).toBe(es["verification.subject"]);
    expect(mail.subject).toBe("Confirma tu correo para CharacterVerse");
    expect(mail.text).toContain(es["verification.greeting"]);
    expect(mail.text).toContain(es["verification.password"]);
    expect(mail.text).toMatch(/verify-email\?token=[\w-]+/);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain(es["verification.button"]);
    expect(mail.text).not.toContain("Confirm your address here");
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { email }, select: { language: true } })).toEqual({ language: "es" });
  });

  it("a person whose language is ja gets the password-reset mail in Japanese, though the request came from an English browser", async () => {
    const email = "haruki@example.com";
    const person = await confirmedAccount(email, "haruki-password");
    await test.database.prisma.user.update({ where: { id: person.id }, data: { language: "ja" } });

    const request = post("/forgot-password", { email }, "cv_lang=en");
    expect(await answerOf(() => forgotPasswordAction(routeArgs(request, { context: { clientIp: "10.40.0.2" } })))).toEqual({
      status: 200,
      data: { status: "sent" },
    });

    const mail = await mailTo(email);
    expect(mail.subject).toBe(ja["reset.subject"]);
    expect(mail.subject).toBe("CharacterVerse のパスワードの再設定");
    expect(mail.text).toContain(ja["reset.greeting"]);
    expect(mail.text).toContain(ja["reset.expiry"]);
    expect(mail.text).toMatch(/reset-password\?token=[\w%-]+/);
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).toContain(ja["reset.button"]);
  });

  it("a person who never chose a language is mailed in English", async () => {
    const email = "grace@example.com";
    await confirmedAccount(email, "hopper-password");

    await answerOf(() => forgotPasswordAction(routeArgs(post("/forgot-password", { email }, "cv_lang=ja"), { context: { clientIp: "10.40.0.3" } })));

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Reset your CharacterVerse password");
    expect(mail.html).toContain('<html lang="en">');
  });
});
