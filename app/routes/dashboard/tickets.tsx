import { LifeBuoy } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { TicketThread } from "~/components/tickets/conversation";
import { ReplyForm } from "~/components/tickets/reply-form";
import { TicketStatusBadge } from "~/components/tickets/status-badge";
import { TicketHeader } from "~/components/tickets/ticket-header";
import { FormAlert } from "~/components/ui/form";
import { pageHref } from "~/lib/admin-lists";
import { formatDate, formatDateTime } from "~/lib/dates";
import { ticketHref, ticketTexts } from "~/lib/tickets";
import { replySchema } from "~/lib/ticket-schemas";
import { requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { isUuid } from "~/modules/db/sql.server";
import { errorData, NotFoundError, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { closeOwnTicket, openOwnTicket, replyToOwnTicket, ticketPage } from "~/modules/support/tickets.server";
import type { Route } from "./+types/tickets";

export function meta() {
  return [{ title: "Tickets · CharacterVerse" }];
}

const LIST = "/dashboard/tickets";
const FORM_BYTES = 64 * 1024;

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
    if (error instanceof NotFoundError) throw data("Not Found", { status: 404 });
    throw error;
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readFormWithin(request, FORM_BYTES);
  if (!form) return data({ intent: "reply", error: ticketTexts.messageTooLong }, { status: 413 });
  const ticketId = String(form.get("ticketId") ?? "");
  switch (form.get("intent")) {
    case "reply":
      return reply(user, ticketId, form);
    case "close":
      return close(user, ticketId);
    default:
      return data({ intent: "unknown", error: "Unknown action" }, { status: 400 });
  }
}

async function reply(user: CurrentUser, ticketId: string, form: FormData) {
  const parsed = replySchema.safeParse({ message: form.get("message") });
  if (!parsed.success) return data({ intent: "reply", error: parsed.error.issues[0]!.message }, { status: 400 });
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
  return data({ intent, error: `${failed}: ${answer.data.error}` }, answer.init ?? undefined);
}

export default function Tickets({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "list") return <TicketList {...loaderData} />;
  const errorFor = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined);
  return <TicketDetails ticket={loaderData.ticket} replyError={errorFor("reply")} closeError={errorFor("close")} />;
}

/** Inside the dashboard, so its sidebar stays: a ticket that is not this person's, or the list that failed (spec section 8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const panel = (title: string, text: string) => (
    <div className="flex max-w-lg flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link to={LIST} className="btn-secondary">
        All tickets
      </Link>
    </div>
  );
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{ "not-found": () => panel("Ticket not found", "This ticket does not exist, or it is not one of yours.") }}
      fallback={() => panel(ticketTexts.loadListFailed, "Please try again in a moment.")}
    />
  );
}

type ListData = Extract<Route.ComponentProps["loaderData"], { view: "list" }>;

function TicketList({ tickets, page, pageCount }: ListData) {
  const { pathname, search } = useLocation();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Tickets</h1>
        <Link to="/contactus" className="btn-primary">
          New ticket
        </Link>
      </div>
      {tickets.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6">
          <LifeBuoy className="size-8 text-accent" aria-hidden />
          <p className="text-muted">{ticketTexts.noTickets}</p>
          <Link to="/contactus" className="text-accent hover:underline">
            Contact Us
          </Link>
        </div>
      ) : (
        <ul aria-label="Your tickets" className="flex flex-col gap-3">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="card flex flex-wrap items-center gap-x-3 gap-y-2 p-4">
              <div className="w-full min-w-0 @md:w-auto @md:flex-1">
                <p className="font-medium wrap-break-word">{ticket.topic}</p>
                <p className="text-xs text-muted">{formatDate(ticket.createdAt)}</p>
              </div>
              {ticket.unread ? <span className="rounded-full bg-accent-strong px-2 py-0.5 text-xs font-medium text-white">New reply</span> : null}
              <TicketStatusBadge status={ticket.status} />
              <Link to={ticketHref(ticket.id)} className="btn-secondary" aria-label={`View Details: ${ticket.topic}`}>
                View Details
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
  const closing = useNavigation().formData?.get("intent") === "close";
  const closed = ticket.status === "closed";
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <TicketHeader backTo={LIST} topic={ticket.topic} status={ticket.status}>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <div className="flex gap-1">
            <dt>Ticket</dt>
            <dd className="font-mono [overflow-wrap:anywhere]">{ticket.id}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Sent</dt>
            <dd>{formatDateTime(ticket.createdAt)}</dd>
          </div>
        </dl>
      </TicketHeader>

      <TicketThread
        messageHeading="Your message"
        message={ticket.message}
        empty="No replies yet. We will answer here and by e-mail."
        entries={ticket.replies.map((reply) => ({ ...reply, name: reply.userName, avatar: reply.userAvatar }))}
      />

      {closed ? (
        <p className="card p-4 text-sm text-muted" role="status">
          This ticket is closed. To ask something else,{" "}
          <Link to="/contactus" className="text-accent hover:underline">
            send us a new message
          </Link>
          .
        </p>
      ) : (
        <>
          <ReplyForm ticketId={ticket.id} error={replyError} />
          <Form method="post" className="flex flex-col items-end gap-2">
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="ticketId" value={ticket.id} />
            {closeError ? <FormAlert tone="error">{closeError}</FormAlert> : null}
            <button type="submit" className="btn-secondary" disabled={closing}>
              Close Ticket
            </button>
          </Form>
        </>
      )}
      {closed && replyError ? <FormAlert tone="error">{replyError}</FormAlert> : null}
      {closed && closeError ? <FormAlert tone="error">{closeError}</FormAlert> : null}
    </div>
  );
}
