import { LifeBuoy } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { TicketThread } from "~/components/tickets/conversation";
import { ReplyForm } from "~/components/tickets/reply-form";
import { TicketStatusBadge } from "~/components/tickets/status-badge";
import { TicketHeader } from "~/components/tickets/ticket-header";
import { FormAlert } from "~/components/ui/form";
import { pageHref } from "~/lib/admin-lists";
import { formatDate, formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useLang, useT } from "~/lib/i18n/react";
import { ticketHref, ticketTexts } from "~/lib/tickets";
import { replySchema } from "~/lib/ticket-schemas";
import { requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { isUuid } from "~/modules/db/sql.server";
import { errorData, isNotFound, redirectWithToast } from "~/modules/http/errors.server";
import { BodyTooLargeError, parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { closeOwnTicket, openOwnTicket, replyToOwnTicket, ticketPage } from "~/modules/support/tickets.server";
import type { Route } from "./+types/tickets";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.tickets.meta.title");

const LIST = "/dashboard/tickets";
const FORM_BYTES = 64 * 1024;

/** A reply (checked by replySchema, whose texts the page shows) or a close, for one ticket. */
const ticketForm = z.object({ intent: z.string().optional(), ticketId: z.string().default(""), message: z.string().optional() });

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const id = url.searchParams.get("id");
  if (id === null) {
    const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
    return { view: "list" as const, ...(await ticketPage(user.id, page)) };
  }
  // An id that cannot be a ticket's: spec section 8, back to the list with the failure.
  if (!isUuid(id)) throw redirectWithToast(LIST, "ticket-load-failed");
  try {
    return { view: "ticket" as const, ticket: await openOwnTicket(user.id, id) };
  } catch (error) {
    // Someone else's ticket, or none: it does not exist for this person.
    if (isNotFound(error)) throw errorData(error);
    throw error;
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await parseForm(request, ticketForm, { maxBytes: FORM_BYTES }).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  });
  if (!form) return data({ intent: "reply", error: translateMessage(ticketTexts.messageTooLong) }, { status: 413 });
  const { ticketId } = form;
  switch (form.intent) {
    case "reply":
      return reply(user, ticketId, form.message);
    case "close":
      return close(user, ticketId);
    default:
      return data({ intent: "unknown", error: translateMessage("Unknown action") }, { status: 400 });
  }
}

async function reply(user: CurrentUser, ticketId: string, message: string | undefined) {
  const parsed = replySchema.safeParse({ message });
  if (!parsed.success) return data({ intent: "reply", error: translateMessage(parsed.error.issues[0]!.message) }, { status: 400 });
  try {
    await replyToOwnTicket(user, ticketId, parsed.data.message);
  } catch (error) {
    return refusal("reply", ticketTexts.replyFailed, error);
  }
  return redirectWithToast(ticketHref(ticketId), "ticket-replied");
}

async function close(user: CurrentUser, ticketId: string) {
  try {
    await closeOwnTicket(user.id, ticketId);
  } catch (error) {
    return refusal("close", ticketTexts.closeFailed, error);
  }
  return redirectWithToast(ticketHref(ticketId), "ticket-closed");
}

/** A refusal as the page shows it: the spec's failure text and why (a 404 is thrown on). */
function refusal(intent: "reply" | "close", failed: string, error: unknown) {
  const answer = errorData(error);
  // errorData gives the reason in the person's language already.
  return data({ intent, error: `${translateMessage(failed)}: ${answer.data.error}` }, answer.init ?? undefined);
}

export default function Tickets({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "list") return <TicketList {...loaderData} />;
  const errorFor = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined);
  return <TicketDetails ticket={loaderData.ticket} replyError={errorFor("reply")} closeError={errorFor("close")} />;
}

/** Inside the dashboard, so its sidebar stays: a ticket that is not this person's, or the list that failed (spec section 8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const panel = (title: string, text: string) => (
    <div className="flex max-w-lg flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link to={LIST} className="btn-secondary">
        {t("dashboard.tickets.all")}
      </Link>
    </div>
  );
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{ "not-found": () => panel(t("dashboard.tickets.notFound.title"), t("dashboard.tickets.notFound.text")) }}
      fallback={() => panel(t("dashboard.tickets.loadListFailed"), t("dashboard.tickets.tryAgain"))}
    />
  );
}

type ListData = Extract<Route.ComponentProps["loaderData"], { view: "list" }>;

function TicketList({ tickets, page, pageCount }: ListData) {
  const t = useT();
  const lang = useLang();
  const { pathname, search } = useLocation();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("dashboard.tickets.heading")}</h1>
        <Link to="/contactus" className="btn-primary">
          {t("dashboard.tickets.new")}
        </Link>
      </div>
      {tickets.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6">
          <LifeBuoy className="size-8 text-accent" aria-hidden />
          <p className="text-muted">{t("dashboard.tickets.noTickets")}</p>
          <Link to="/contactus" className="text-accent hover:underline">
            {t("dashboard.tickets.contactUs")}
          </Link>
        </div>
      ) : (
        <ul aria-label={t("dashboard.tickets.yours")} className="flex flex-col gap-3">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="card flex flex-wrap items-center gap-x-3 gap-y-2 p-4">
              <div className="w-full min-w-0 @md:w-auto @md:flex-1">
                <p className="font-medium wrap-break-word">{ticket.topic}</p>
                <p className="text-xs text-muted">{formatDate(ticket.createdAt, lang)}</p>
              </div>
              {ticket.unread ? (
                <span className="rounded-full bg-accent-strong px-2 py-0.5 text-xs font-medium text-white">{t("dashboard.tickets.newReply")}</span>
              ) : null}
              <TicketStatusBadge status={ticket.status} />
              <Link to={ticketHref(ticket.id)} className="btn-secondary" aria-label={t("dashboard.tickets.viewDetailsLabel", { topic: ticket.topic })}>
                {t("dashboard.tickets.viewDetails")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(number) => pageHref(pathname, search, number)} />
    </div>
  );
}

type Ticket = Extract<Route.ComponentProps["loaderData"], { view: "ticket" }>["ticket"];

function TicketDetails({ ticket, replyError, closeError }: { ticket: Ticket; replyError?: string; closeError?: string }) {
  const t = useT();
  const lang = useLang();
  const closing = useNavigation().formData?.get("intent") === "close";
  const closed = ticket.status === "closed";
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <TicketHeader backTo={LIST} topic={ticket.topic} status={ticket.status}>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <div className="flex gap-1">
            <dt>{t("dashboard.tickets.ticket")}</dt>
            <dd className="font-mono [overflow-wrap:anywhere]">{ticket.id}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("dashboard.tickets.sent")}</dt>
            <dd>{formatDateTime(ticket.createdAt, lang)}</dd>
          </div>
        </dl>
      </TicketHeader>

      <TicketThread
        messageHeading={t("dashboard.tickets.yourMessage")}
        message={ticket.message}
        empty={t("dashboard.tickets.noReplies")}
        entries={ticket.replies.map((reply) => ({ ...reply, name: reply.userName, avatar: reply.userAvatar }))}
      />

      {closed ? (
        <p className="card p-4 text-sm text-muted" role="status">
          <Rich
            id="dashboard.tickets.closedNote"
            tags={{
              link: (text) => (
                <Link to="/contactus" className="text-accent hover:underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      ) : (
        <>
          <ReplyForm ticketId={ticket.id} error={replyError} />
          <Form method="post" className="flex flex-col items-end gap-2">
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="ticketId" value={ticket.id} />
            {closeError ? <FormAlert tone="error">{closeError}</FormAlert> : null}
            <button type="submit" className="btn-secondary" disabled={closing}>
              {t("dashboard.tickets.close")}
            </button>
          </Form>
        </>
      )}
      {closed && replyError ? <FormAlert tone="error">{replyError}</FormAlert> : null}
      {closed && closeError ? <FormAlert tone="error">{closeError}</FormAlert> : null}
    </div>
  );
}
