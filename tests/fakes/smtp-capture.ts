import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMessage = {
  /** Envelope recipients (RCPT TO), which is where the mail was really delivered. */
  to: string[];
  /** The whole RFC 822 message as received; `readMail(raw)` decodes its subject and parts. */
  raw: string;
};

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * A real SMTP server on 127.0.0.1 and a random port that accepts every message and keeps it in
 * memory, so mail is tested at the protocol level. Point the app at it with
 * `SMTP_URL=${capture.url}` (in process for integration tests, or in the environment of a server
 * process for end-to-end tests). Any AUTH credentials are accepted, even over plain text.
 *
 * STARTTLS is not offered by default, as a local relay would not. `{ startTls: true }` offers it
 * with smtp-server's built-in self-signed certificate, which a verifying client must refuse.
 */
export async function startSmtpCapture({ startTls = false, port: requestedPort = 0 }: { startTls?: boolean; port?: number } = {}) {
  const messages: CapturedMessage[] = [];
  const waiters = new Set<(message: CapturedMessage) => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: startTls ? [] : ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const message = { to: session.envelope.rcptTo.map((recipient) => recipient.address), raw: Buffer.concat(chunks).toString("utf8") };
        messages.push(message);
        for (const notify of waiters) notify(message);
        callback();
      });
    },
  });
  // A client that gives up mid-session (a refused certificate) must not crash the test run.
  server.on("error", () => {});
  // A fixed port lets a server started before the test (Playwright's webServer) know where to send.
  await new Promise<void>((resolve) => server.listen(requestedPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Resolves with the first message, already received or still to come, that matches. */
  function waitForMessage(predicate: (message: CapturedMessage) => boolean = () => true, timeoutMs = 5_000) {
    const existing = messages.find(predicate);
    if (existing) return Promise.resolve(existing);
    return new Promise<CapturedMessage>((resolve, reject) => {
      const notify = (message: CapturedMessage) => {
        if (!predicate(message)) return;
        waiters.delete(notify);
        clearTimeout(timer);
        resolve(message);
      };
      const timer = setTimeout(() => {
        waiters.delete(notify);
        const seen = messages.map((message) => `${message.to.join(",")}: ${readMail(message.raw).subject}`);
        reject(new Error(`No matching mail within ${timeoutMs} ms; received: ${seen.join("; ") || "nothing"}`));
      }, timeoutMs);
      waiters.add(notify);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReadMail = { subject: string; from: string; to: string; text: string; html: string };

/**
 * Decodes what tests assert on from a raw message (captured over SMTP or read from an .eml file):
 * headers with encoded words, and the first text/plain and text/html parts with their
 * quoted-printable or base64 transfer encoding undone, so a long link reads as one string.
 */
export function readMail(raw: string): ReadMail {
  const { headers } = splitPart(raw);
  const parts = leafParts(raw);
  const body = (type: string) => parts.find((part) => part.type === type)?.body ?? "";
  return {
    subject: headers.get("subject") ?? "",
    from: headers.get("from") ?? "",
    to: headers.get("to") ?? "",
    text: body("text/plain"),
    html: body("text/html"),
  };
}

function splitPart(raw: string) {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? "" : raw.slice(separator).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function leafParts(raw: string): { type: string; body: string }[] {
  const { headers, body } = splitPart(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0].trim().toLowerCase();
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1, -1);
    return sections.flatMap((section) => leafParts(section.replace(/^\r?\n/, "")));
  }
  return [{ type, body: decodeTransfer(body, headers.get("content-transfer-encoding") ?? "7bit") }];
}

function decodeTransfer(body: string, encoding: string) {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body, "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body.replace(/=\r?\n/g, ""));
    default:
      return body;
  }
}

function decodeQuotedPrintable(value: string) {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const hex = value.slice(index + 1, index + 3);
    if (value[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(value.charCodeAt(index));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeEncodedWords(value: string) {
  return value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, "$1")
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_word, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
