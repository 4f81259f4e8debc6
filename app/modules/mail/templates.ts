/**
 * The e-mails CharacterVerse sends, as pure functions of their links. Every e-mail has a plain
 * text part and an HTML part; the HTML uses tables and inline styles only, because mail clients
 * drop <style> blocks and ignore most modern CSS.
 */
export type MailContent = { subject: string; text: string; html: string };

type LinkEmail = { link: string; appUrl: string };

const brand = "CharacterVerse";

/**
 * Which sign-up the link is for: the first for its address, one for an address signed up before
 * (`again`: the links mailed before no longer work, and the mail says so), or a link mailed once
 * more on request.
 */
export type VerificationKind = "first" | "again" | "resend";

export function verificationEmail({ link, appUrl, kind = "first" }: LinkEmail & { kind?: VerificationKind }): MailContent {
  const greeting = `Welcome to ${brand}! Please confirm your e-mail address so we know it is really yours.`;
  const expiry = "The link expires in 24 hours.";
  const ignore = `If you did not sign up for ${brand}, you can ignore this e-mail and no account will be confirmed. To cancel this sign-up, open the link and choose "I did not sign up".`;
  const notes = [verificationNotes.password, ...(kind === "again" ? [verificationNotes.again] : []), expiry, ignore];
  return {
    subject: `Confirm your e-mail for ${brand}`,
    text: textBody([greeting, `Confirm your address here:\n${link}`, ...notes], appUrl),
    html: htmlBody({
      heading: "Confirm your e-mail",
      intro: greeting,
      button: "Confirm my e-mail",
      link,
      notes,
      appUrl,
    }),
  };
}

export const verificationNotes = {
  password: "The page asks for the password you chose when you signed up.",
  again: "This address has just been signed up again, and links mailed before no longer work.",
} as const;

export function passwordResetEmail({ link, appUrl }: LinkEmail): MailContent {
  const greeting = `Someone, hopefully you, asked to reset the password of your ${brand} account.`;
  const expiry = "The link expires in 1 hour and can be used once.";
  const ignore = "If you did not ask for this, you can ignore this e-mail: your password stays as it is.";
  return {
    subject: `Reset your ${brand} password`,
    text: textBody([greeting, `Choose a new password here:\n${link}`, expiry, ignore], appUrl),
    html: htmlBody({
      heading: "Reset your password",
      intro: greeting,
      button: "Choose a new password",
      link,
      notes: [expiry, ignore],
      appUrl,
    }),
  };
}

/** An admin's invitation: the link is a password-reset link, which also confirms the address. */
export function invitationEmail({ link, appUrl }: LinkEmail): MailContent {
  const greeting = `You have been invited to ${brand}. Choose a password to start using your account.`;
  const expiry = 'The link expires in 1 hour and can be used once. After that, use "Forgot password" on the sign-in page with this address to get a new one.';
  const ignore = "If you did not expect this invitation, you can ignore this e-mail.";
  return {
    subject: `You are invited to ${brand}`,
    text: textBody([greeting, `Choose your password here:\n${link}`, expiry, ignore], appUrl),
    html: htmlBody({ heading: "You are invited", intro: greeting, button: "Choose my password", link, notes: [expiry, ignore], appUrl }),
  };
}

function textBody(paragraphs: string[], appUrl: string) {
  return ["Hi,", ...paragraphs, `See you soon,\nthe ${brand} team\n${appUrl}`].join("\n\n") + "\n";
}

const colors = { page: "#f4f2fb", card: "#ffffff", ink: "#1f1c2c", muted: "#5f5a75", button: "#4c1d95", line: "#e4e0f0" };
const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

type HtmlParts = { heading: string; intro: string; button: string; link: string; notes: string[]; appUrl: string; quote?: string };

function htmlBody({ heading, intro, button, link, notes, appUrl, quote }: HtmlParts) {
  const href = escapeHtml(link);
  const paragraph = (text: string, color = colors.ink) =>
    `<p style="margin:0 0 16px;${font};font-size:15px;line-height:22px;color:${color};">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px;background-color:${colors.card};border:1px solid ${colors.line};border-radius:12px;">
<tr><td style="padding:32px 32px 8px;">
<p style="margin:0 0 24px;${font};font-size:18px;font-weight:bold;color:${colors.button};">${brand}</p>
<h1 style="margin:0 0 16px;${font};font-size:22px;line-height:28px;color:${colors.ink};">${escapeHtml(heading)}</h1>
${paragraph("Hi,")}
${paragraph(intro)}
${quote === undefined ? "" : `<div style="margin:0 0 16px;padding:12px 16px;border-left:3px solid ${colors.line};${font};font-size:15px;line-height:22px;color:${colors.ink};white-space:pre-wrap;">${escapeHtml(quote)}</div>`}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${colors.button}" style="border-radius:8px;background-color:${colors.button};">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;${font};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(button)}</a>
</td></tr>
</table>
${paragraph("If the button does not work, copy this link into your browser:", colors.muted)}
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
type TicketEmail = { topic: string; message: string; link: string; appUrl: string };

const quoted = (message: string) =>
  message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** To the support address: a person sent a new ticket from the contact form. */
export function newTicketEmail({ topic, message, link, appUrl, from }: TicketEmail & { from: string }): MailContent {
  const intro = `${from} sent a new support ticket: "${topic}".`;
  const answer = "Answer it from the staff inbox:";
  return {
    subject: `New support ticket: ${oneLine(topic)}`,
    text: textBody([intro, quoted(message), `${answer}\n${link}`], appUrl),
    html: htmlBody({ heading: "New support ticket", intro, quote: message, button: "Open the ticket", link, notes: [], appUrl }),
  };
}

/** To the person: staff answered their ticket. The link opens it in their dashboard. */
export function ticketReplyEmail({ topic, message, link, appUrl }: TicketEmail): MailContent {
  const intro = `Our support team replied to your ticket "${topic}":`;
  const note = "You can answer or close the ticket from your dashboard.";
  return {
    subject: `Reply to your ticket: ${oneLine(topic)}`,
    text: textBody([intro, quoted(message), `Read it and reply here:\n${link}`, note], appUrl),
    html: htmlBody({ heading: "We replied to your ticket", intro, quote: message, button: "View the ticket", link, notes: [note], appUrl }),
  };
}

/** A subject is one line: a topic's line breaks or tabs would end the header early. */
function oneLine(text: string) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
/** The answer to a character someone submitted to the catalogue: published, or declined with the admin's reason. */
export function characterReviewEmail({ name, link, appUrl, approved, reason }: LinkEmail & { name: string; approved: boolean; reason?: string }): MailContent {
  const intro = approved
    ? `Good news: your character "${name}" has been approved and is now in the ${brand} catalogue for everyone to find.`
    : `Your character "${name}" was not approved for the ${brand} catalogue this time.`;
  const notes = approved
    ? ["It stays yours: edits you make go back to review, and the published version stays until they are approved."]
    : [`The reason given: ${reason ?? ""}`, "You can change the character and submit it again."];
  return {
    subject: approved ? `"${name}" is published on ${brand}` : `"${name}" was not approved`,
    text: textBody([intro, ...notes, `${approved ? "See it here" : "Open your characters"}:\n${link}`], appUrl),
    html: htmlBody({
      heading: approved ? "Your character is published" : "Your character was not approved",
      intro,
      button: approved ? "See it" : "Open my characters",
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
export function submissionWaitingEmail({ name, owner, edits, link, appUrl }: LinkEmail & { name: string; owner: string; edits: boolean }): MailContent {
  const intro = edits
    ? `${owner} changed "${name}", a published character. The changes wait for your review.`
    : `${owner} submitted a new character, "${name}", for the ${brand} catalogue.`;
  const notes = edits ? ["The published version stays as it is until the changes are approved."] : ["It stays private until it is approved."];
  return {
    subject: `${edits ? "Edits waiting for review" : "Character waiting for review"}: ${oneLine(name)}`,
    text: textBody([intro, ...notes, `Approve or decline it here:\n${link}`], appUrl),
    html: htmlBody({ heading: "A character waits for review", intro, button: "Review it", link, notes, appUrl }),
  };
}
