import type { ReactNode } from "react";
import { z } from "zod";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { InfoPage } from "~/components/info-page";
import { TicketStatusBadge } from "~/components/tickets/status-badge";
import { FormAlert } from "~/components/ui/form";
import { OutlineIcon } from "~/components/ui/outline-icon";
import { fieldErrors, formFailure } from "~/lib/forms";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useLang, useT } from "~/lib/i18n/react";
import { MESSAGE_MAX, ticketHref, ticketTexts, TOPIC_MAX } from "~/lib/tickets";
import { contactSchema } from "~/lib/ticket-schemas";
import { withToast } from "~/lib/toasts";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { isAppError } from "~/modules/http/errors.server";
import { BodyTooLargeError, parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { logger } from "~/modules/logging/logger.server";
import { clearContactDraftCookie, contactDraftCookie, readContactDraft } from "~/modules/support/contact-draft.server";
import { createTicket, recentTickets } from "~/modules/support/tickets.server";
import type { Route } from "./+types/contactus";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "info.contact.meta.title", "info.contact.meta.description");

/** Room for the longest topic and message the form takes, in the widest UTF-8, and the other fields. */
const FORM_BYTES = (TOPIC_MAX + MESSAGE_MAX) * 12 + 1024;

/** The topic and message as typed: a visitor's are kept for after sign-in before they are checked (contactSchema). */
const contactForm = z.object({ topic: z.string().default(""), message: z.string().default("") });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  return { signedIn: Boolean(user), draft: readContactDraft(request), tickets: user ? await recentTickets(user.id) : [] };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  const values = await parseForm(request, contactForm, { maxBytes: FORM_BYTES }).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  });
  if (!values) return data({ error: translateMessage(ticketTexts.messageTooLong), fields: {}, values: null }, { status: 413 });
  // Spec section 5: a signed-out visitor is told to sign in and sent to sign up, their text kept for their return.
  if (!user) throw redirect(withToast("/signup", "contact-sign-in"), { headers: { "Set-Cookie": contactDraftCookie(values) } });
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([name, text]) => [name, translateMessage(text ?? "")]));
    return data({ error: Object.values(fields)[0] ?? translateMessage(ticketTexts.bothRequired), fields, values }, { status: 400 });
  }
  try {
    await createTicket(user, parsed.data);
  } catch (error) {
    if (isAppError(error)) return data({ error: translateMessage(error.message), fields: {}, values }, { status: error.status, headers: error.headers });
    logger.error({ err: error }, "a contact message could not be saved");
    return data({ error: translateMessage(ticketTexts.sendFailed), fields: {}, values }, { status: 500 });
  }
  throw redirect(withToast("/contactus", "ticket-sent"), { headers: { "Set-Cookie": clearContactDraftCookie() } });
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, draft, tickets } = loaderData;
  const fields = formFailure(actionData)?.fields ?? {};
  // The field's text survives a refusal; after a send, the page starts empty.
  const values = actionData?.values ?? draft ?? { topic: "", message: "" };
  const sending = useNavigation().state === "submitting";
  const t = useT();

  return (
    <InfoPage>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t("info.contact.heading")}</h1>
        <p className="mt-3 text-muted">{t("info.contact.intro")}</p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          {signedIn ? null : (
            <section aria-labelledby="sign-in-heading" className="card bg-linear-to-br from-accent/15 to-pink/10 p-5 md:p-6">
              <h2 id="sign-in-heading" className="text-lg font-semibold">
                {t("info.contact.signIn.title")}
              </h2>
              <p className="mt-1 text-sm text-muted">{t("info.contact.signIn.text")}</p>
              <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                <Link to="/signup" className="btn-primary">
                  {t("info.contact.signIn.signUp")}
                </Link>
                <Link to="/login?redirectTo=%2Fcontactus" className="btn-secondary">
                  {t("info.contact.signIn.login")}
                </Link>
              </div>
            </section>
          )}

          <section aria-labelledby="message-heading" className="card p-5 md:p-6">
            <h2 id="message-heading" className="text-lg font-semibold">
              {t("info.contact.form.heading")}
            </h2>
            <Form method="post" className="mt-4 space-y-4" key={actionData ? "refused" : "fresh"}>
              {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
              <div>
                <label htmlFor="contact-topic" className="text-sm font-medium">
                  {t("info.contact.form.topic")}
                </label>
                <input
                  id="contact-topic"
                  name="topic"
                  type="text"
                  required
                  maxLength={TOPIC_MAX}
                  defaultValue={values.topic}
                  placeholder={t("info.contact.form.topicPlaceholder")}
                  aria-invalid={fields.topic ? true : undefined}
                  className="field mt-1.5"
                />
              </div>
              <div>
                <label htmlFor="contact-message" className="text-sm font-medium">
                  {t("info.contact.form.message")}
                </label>
                <textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  required
                  maxLength={MESSAGE_MAX}
                  defaultValue={values.message}
                  placeholder={t("info.contact.form.messagePlaceholder")}
                  aria-invalid={fields.message ? true : undefined}
                  className="field mt-1.5 resize-y"
                />
              </div>
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
                {t("info.contact.form.send")}
              </button>
            </Form>
          </section>

          {signedIn ? <RecentTickets tickets={tickets} /> : null}
        </div>

        <aside aria-labelledby="help-heading" className="space-y-4">
          <h2 id="help-heading" className="sr-only">
            {t("info.contact.help.heading")}
          </h2>
          <InfoCard
            title={t("info.contact.help.response.title")}
            icon={
              <>
                <circle cx="12" cy="12" r="8" />
                <path d="M12 8v4l3 2" />
              </>
            }
          >
            {t("info.contact.help.response.text")}
          </InfoCard>
          <InfoCard
            title={t("info.contact.help.faq.title")}
            icon={
              <>
                <circle cx="12" cy="12" r="8" />
                <path d="M9.5 9.5a2.5 2.5 0 1 1 3.3 2.4c-.5.2-.8.6-.8 1.1v.5M12 16.5h.01" />
              </>
            }
          >
            <Rich
              id="info.contact.help.faq.text"
              tags={{
                link: (text) => (
                  <Link to="/aboutus#faq" className="text-accent hover:underline">
                    {text}
                  </Link>
                ),
              }}
            />
          </InfoCard>
          <InfoCard
            title={t("info.contact.help.tickets.title")}
            icon={
              <>
                <rect x="4" y="5" width="16" height="14" rx="2" />
                <path d="M4 8l8 5 8-5" />
              </>
            }
          >
            <Rich
              id="info.contact.help.tickets.text"
              tags={{
                link: (text) => (
                  <Link to="/dashboard/tickets" className="text-accent hover:underline">
                    {text}
                  </Link>
                ),
              }}
            />
          </InfoCard>
        </aside>
      </div>
    </InfoPage>
  );
}

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card flex gap-4 p-5">
      <OutlineIcon className="size-9 shrink-0 rounded-xl bg-accent-soft p-1.5 text-accent">{icon}</OutlineIcon>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-muted">{children}</p>
      </div>
    </section>
  );
}

type Listed = Route.ComponentProps["loaderData"]["tickets"][number];

/** Spec section 2: a signed-in person's 10 most recent tickets, each with View Details. */
function RecentTickets({ tickets }: { tickets: Listed[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
      <h2 id="recent-heading" className="text-lg font-semibold">
        {t("info.contact.recent.heading")}
      </h2>
      {tickets.length === 0 ? (
        <p className="card p-5 text-sm text-muted">{t("info.contact.recent.empty")}</p>
      ) : (
        <ul className="card divide-y divide-line">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
              <span className="w-full min-w-0 font-medium wrap-break-word sm:w-auto sm:flex-1">{ticket.topic}</span>
              <TicketStatusBadge status={ticket.status} />
              <span className="text-xs text-muted">{formatDate(ticket.createdAt, lang)}</span>
              <Link to={ticketHref(ticket.id)} className="text-accent hover:underline" aria-label={t("info.contact.recent.viewLabel", { topic: ticket.topic })}>
                {t("info.contact.recent.view")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
