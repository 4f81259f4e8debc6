import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { SMTPTransportOptions, SendMailOptions, StreamSentMessageInfo, Transporter } from "nodemailer";
import { env } from "~/modules/config/env.server";
import { logger } from "~/modules/logging/logger.server";

export type MailMessage = { to: string; subject: string; text: string; html: string };

let smtpTransport: Transporter | undefined;
let outboxComposer: Transporter<StreamSentMessageInfo> | undefined;

/**
 * Sends through SMTP_URL when it is set. Without it the message lands as an `.eml` file in
 * DATA_DIR/outbox, where a self-hoster with no mail server finds the link to confirm an address or
 * reset a password; the log says a mail went there, and names its link only at LOG_LEVEL=debug.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = env();
  const mail: SendMailOptions = { from: config.MAIL_FROM, ...message };
  if (!config.SMTP_URL) {
    await writeToOutbox(mail, message, config.DATA_DIR);
    return;
  }
  smtpTransport ??= nodemailer.createTransport(smtpOptionsFromUrl(config.SMTP_URL));
  await smtpTransport.sendMail(mail);
}

/** Tests change SMTP_URL between cases; the next send builds a transport from the new value. */
export function resetMailerForTests() {
  smtpTransport?.close();
  smtpTransport = undefined;
  outboxComposer = undefined;
}

/**
 * Builds the options ourselves instead of handing nodemailer the URL, because nodemailer turns
 * every query parameter into a transport option (`?sendmail=…`, `?tls.rejectUnauthorized=false`).
 * Only two are honoured here:
 *   - `?ignoreTLS=true` never upgrades with STARTTLS, for a local relay or a test server that
 *     offers STARTTLS with a certificate nobody can verify. The mail then travels in plain text.
 *   - `?requireTLS=true` refuses to continue when the server does not offer STARTTLS.
 * Otherwise the defaults are nodemailer's secure ones: `smtps://` is TLS from the first byte,
 * `smtp://` upgrades whenever the server offers STARTTLS, and certificates are always verified.
 */
function smtpOptionsFromUrl(value: string): SMTPTransportOptions {
  const url = new URL(value);
  const options: SMTPTransportOptions = {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    secure: url.protocol === "smtps:",
  };
  if (url.port) options.port = Number(url.port);
  if (url.username || url.password) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  if (url.searchParams.get("ignoreTLS") === "true") options.ignoreTLS = true;
  if (url.searchParams.get("requireTLS") === "true") options.requireTLS = true;
  return options;
}

async function writeToOutbox(mail: SendMailOptions, message: MailMessage, dataDir: string) {
  // The stream transport composes the same multipart message SMTP would carry, with CRLF lines.
  outboxComposer ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const { message: eml } = await outboxComposer.sendMail(mail);
  const outbox = path.join(dataDir, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const name = `${new Date().toISOString().replace(/:/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
  const file = path.join(outbox, name);
  // Written beside and renamed, so whoever watches the folder never reads half a message.
  await fs.writeFile(`${file}.tmp`, eml as Buffer);
  await fs.rename(`${file}.tmp`, file);
  logger.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
  // A live link signs its holder in or resets a password: logs are kept and shipped more widely than the outbox.
  logger.debug({ to: message.to, link: firstLink(message.text) }, "link in the outbox mail");
}

function firstLink(text: string) {
  return text.match(/https?:\/\/[^\s<>"]+/)?.[0].replace(/[.,;:!?]+$/, "");
}
