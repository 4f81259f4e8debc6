import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/lib/i18n/languages";
import { serverText } from "~/modules/i18n/messages.server";

/**
 * The e-mails CharacterVerse sends, as pure functions of their links. Every e-mail has a plain
 * text part and an HTML part; the HTML uses tables and inline styles only, because mail clients
 * drop <style> blocks and ignore most modern CSS.
 */
export type MailContent = { subject: string; text: string; html: string };

/** The language to mail a person in: their account's (users.language), else English. */
export function recipientLanguage(language: string | null | undefined): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** `lang`: the recipient's language (their account's, else English). */
type LinkEmail = { link: string; appUrl: string; lang?: Language };

const brand = "CharacterVerse";

/**
 * Which sign-up the link is for: the first for its address, one for an address signed up before
 * (`again`: the links mailed before no longer work, and the mail says so), or a link mailed once
 * more on request.
 */
export type VerificationKind = "first" | "again" | "resend";

export function verificationEmail({ link, appUrl, kind = "first", lang = DEFAULT_LANGUAGE }: LinkEmail & { kind?: VerificationKind }): MailContent {
  const greeting = serverText(lang, "mail.verification.greeting");
  const expiry = serverText(lang, "mail.verification.expiry");
  const ignore = serverText(lang, "mail.verification.ignore");
  const password = serverText(lang, "mail.verification.password");
  const again = serverText(lang, "mail.verification.again");
  const notes = [password, ...(kind === "again" ? [again] : []), expiry, ignore];
  return {
    subject: serverText(lang, "mail.verification.subject"),
    text: textBody(lang, [greeting, `${serverText(lang, "mail.verification.linkLine")}\n${link}`, ...notes], appUrl),
    html: htmlBody(lang, {
      heading: serverText(lang, "mail.verification.heading"),
      intro: greeting,
      button: serverText(lang, "mail.verification.button"),
      link,
      notes,
      appUrl,
    }),
  };
}

/** The English notes, as tests look for them (the mail says them in the recipient's language). */
export const verificationNotes = {
  password: "The page asks for the password you chose when you signed up.",
  again: "This address has just been signed up again, and links mailed before no longer work.",
} as const;

export function passwordResetEmail({ link, appUrl, lang = DEFAULT_LANGUAGE }: LinkEmail): MailContent {
  const greeting = serverText(lang, "mail.reset.greeting");
  const expiry = serverText(lang, "mail.reset.expiry");
  const ignore = serverText(lang, "mail.reset.ignore");
  return {
    subject: serverText(lang, "mail.reset.subject"),
    text: textBody(lang, [greeting, `${serverText(lang, "mail.reset.linkLine")}\n${link}`, expiry, ignore], appUrl),
    html: htmlBody(lang, {
      heading: serverText(lang, "mail.reset.heading"),
      intro: greeting,
      button: serverText(lang, "mail.reset.button"),
      link,
      notes: [expiry, ignore],
      appUrl,
    }),
  };
}

/** An admin's invitation: the link is a password-reset link, which also confirms the address. */
export function invitationEmail({ link, appUrl, lang = DEFAULT_LANGUAGE }: LinkEmail): MailContent {
  const greeting = serverText(lang, "mail.invitation.greeting");
  const expiry = serverText(lang, "mail.invitation.expiry");
  const ignore = serverText(lang, "mail.invitation.ignore");
  return {
    subject: serverText(lang, "mail.invitation.subject"),
    text: textBody(lang, [greeting, `${serverText(lang, "mail.invitation.linkLine")}\n${link}`, expiry, ignore], appUrl),
    html: htmlBody(lang, {
      heading: serverText(lang, "mail.invitation.heading"),
      intro: greeting,
      button: serverText(lang, "mail.invitation.button"),
      link,
      notes: [expiry, ignore],
      appUrl,
    }),
  };
}

function textBody(lang: Language, paragraphs: string[], appUrl: string) {
  return [serverText(lang, "mail.hi"), ...paragraphs, `${serverText(lang, "mail.signOff")}\n${appUrl}`].join("\n\n") + "\n";
}

const colors = { page: "#f4f2fb", card: "#ffffff", ink: "#1f1c2c", muted: "#5f5a75", button: "#4c1d95", line: "#e4e0f0" };
const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

type HtmlParts = { heading: string; intro: string; button: string; link: string; notes: string[]; appUrl: string; quote?: string };

function htmlBody(lang: Language, { heading, intro, button, link, notes, appUrl, quote }: HtmlParts) {
  const href = escapeHtml(link);
  const paragraph = (text: string, color = colors.ink) =>
    `<p style="margin:0 0 16px;${font};font-size:15px;line-height:22px;color:${color};">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px;background-color:${colors.card};border:1px solid ${colors.line};border-radius:12px;">
<tr><td style="padding:32px 32px 8px;">
<p style="margin:0 0 24px;${font};font-size:18px;font-weight:bold;color:${colors.button};">${brand}</p>
<h1 style="margin:0 0 16px;${font};font-size:22px;line-height:28px;color:${colors.ink};">${escapeHtml(heading)}</h1>
${paragraph(serverText(lang, "mail.hi"))}
${paragraph(intro)}
${quote === undefined ? "" : `<div style="margin:0 0 16px;padding:12px 16px;border-left:3px solid ${colors.line};${font};font-size:15px;line-height:22px;color:${colors.ink};white-space:pre-wrap;">${escapeHtml(quote)}</div>`}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${colors.button}" style="border-radius:8px;background-color:${colors.button};">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;${font};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(button)}</a>
</td></tr>
</table>
${paragraph(serverText(lang, "mail.copyLink"), colors.muted)}
<p style="margin:0 0 24px;${font};font-size:13px;line-height:20px;word-break:break-all;"><a href="${href}" target="_blank" style="color:${colors.button};">${href}</a></p>
${notes.map((note) => paragraph(note, colors.muted)).join("\n")}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${colors.line};">
<p style="margin:0;${font};font-size:12px;line-height:18px;color:${colors.muted};">${brand} &middot; <a href="${escapeHtml(appUrl)}" target="_blank" style="color:${colors.muted};">${escapeHtml(appUrl)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character]);
}

/**
 * Support mail. What a person wrote goes out as text: quoted in the plain part and escaped in the
 * HTML part, so a message holding markup is shown, never rendered.
 */
type TicketEmail = { topic: string; message: string; link: string; appUrl: string; lang?: Language };

const quoted = (message: string) =>
  message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** To the support address: a person sent a new ticket from the contact form. */
export function newTicketEmail({ topic, message, link, appUrl, from, lang = DEFAULT_LANGUAGE }: TicketEmail & { from: string }): MailContent {
  const intro = serverText(lang, "mail.newTicket.intro", { from, topic });
  const answer = serverText(lang, "mail.newTicket.linkLine");
  return {
    subject: serverText(lang, "mail.newTicket.subject", { topic: oneLine(topic) }),
    text: textBody(lang, [intro, quoted(message), `${answer}\n${link}`], appUrl),
    html: htmlBody(lang, {
      heading: serverText(lang, "mail.newTicket.heading"),
      intro,
      quote: message,
      button: serverText(lang, "mail.newTicket.button"),
      link,
      notes: [],
      appUrl,
    }),
  };
}

/** To the person: staff answered their ticket. The link opens it in their dashboard. */
export function ticketReplyEmail({ topic, message, link, appUrl, lang = DEFAULT_LANGUAGE }: TicketEmail): MailContent {
  const intro = serverText(lang, "mail.ticketReply.intro", { topic });
  const note = serverText(lang, "mail.ticketReply.note");
  return {
    subject: serverText(lang, "mail.ticketReply.subject", { topic: oneLine(topic) }),
    text: textBody(lang, [intro, quoted(message), `${serverText(lang, "mail.ticketReply.linkLine")}\n${link}`, note], appUrl),
    html: htmlBody(lang, {
      heading: serverText(lang, "mail.ticketReply.heading"),
      intro,
      quote: message,
      button: serverText(lang, "mail.ticketReply.button"),
      link,
      notes: [note],
      appUrl,
    }),
  };
}

/** A subject is one line: a topic's line breaks or tabs would end the header early. */
function oneLine(text: string) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
/** The answer to a character someone submitted to the catalogue: published, or declined with the admin's reason. */
export function characterReviewEmail({
  name,
  link,
  appUrl,
  approved,
  reason,
  lang = DEFAULT_LANGUAGE,
}: LinkEmail & { name: string; approved: boolean; reason?: string }): MailContent {
  const intro = approved ? serverText(lang, "mail.review.approved.intro", { name }) : serverText(lang, "mail.review.declined.intro", { name });
  const notes = approved
    ? [serverText(lang, "mail.review.approved.note")]
    : [serverText(lang, "mail.review.declined.reason", { reason: reason ?? "" }), serverText(lang, "mail.review.declined.note")];
  return {
    subject: approved ? serverText(lang, "mail.review.approved.subject", { name }) : serverText(lang, "mail.review.declined.subject", { name }),
    text: textBody(
      lang,
      [intro, ...notes, `${approved ? serverText(lang, "mail.review.approved.linkLine") : serverText(lang, "mail.review.declined.linkLine")}\n${link}`],
      appUrl,
    ),
    html: htmlBody(lang, {
      heading: approved ? serverText(lang, "mail.review.approved.heading") : serverText(lang, "mail.review.declined.heading"),
      intro,
      button: approved ? serverText(lang, "mail.review.approved.button") : serverText(lang, "mail.review.declined.button"),
      link,
      notes,
      appUrl,
    }),
  };
}

/**
 * To the support address (or every admin): a character waits for review, new or an owner's edits
 * to a published one. Its name is the owner's words: escaped in the HTML part like any text.
 */
export function submissionWaitingEmail({
  name,
  owner,
  edits,
  link,
  appUrl,
  lang = DEFAULT_LANGUAGE,
}: LinkEmail & { name: string; owner: string; edits: boolean }): MailContent {
  const intro = edits ? serverText(lang, "mail.submission.edits.intro", { owner, name }) : serverText(lang, "mail.submission.new.intro", { owner, name });
  const notes = [edits ? serverText(lang, "mail.submission.edits.note") : serverText(lang, "mail.submission.new.note")];
  return {
    subject: edits
      ? serverText(lang, "mail.submission.edits.subject", { name: oneLine(name) })
      : serverText(lang, "mail.submission.new.subject", { name: oneLine(name) }),
    text: textBody(lang, [intro, ...notes, `${serverText(lang, "mail.submission.linkLine")}\n${link}`], appUrl),
    html: htmlBody(lang, {
      heading: serverText(lang, "mail.submission.heading"),
      intro,
      button: serverText(lang, "mail.submission.button"),
      link,
      notes,
      appUrl,
    }),
  };
}
