import fs from "node:fs";
import path from "node:path";
import { readMail } from "../fakes/smtp-capture";

/** Where the app writes mail when no SMTP_URL is set. */
export const outboxDir = () => path.join(process.env.DATA_DIR!, "outbox");

export function clearOutbox() {
  fs.rmSync(outboxDir(), { recursive: true, force: true });
}

/** Every mail the app has written to the outbox, oldest first. */
export function outboxMails() {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(fs.readFileSync(path.join(outboxDir(), name), "utf8")));
}

/** The mails the outbox holds for `to` (as the To header reads), oldest first. */
export function mailsTo(to: string) {
  return outboxMails().filter((mail) => mail.to === to);
}
