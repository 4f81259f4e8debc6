import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { EmailText } from "~/components/admin/admin-table";
import { TicketThread } from "~/components/tickets/conversation";
import { ReplyForm } from "~/components/tickets/reply-form";
import { TicketHeader } from "~/components/tickets/ticket-header";
import { Avatar } from "~/components/ui/avatar";
import { FormAlert } from "~/components/ui/form";
import { formatDateTime } from "~/lib/dates";
import { formFailure } from "~/lib/forms";
import type { TextId } from "~/lib/i18n/ids";
import { metaLanguage } from "~/lib/i18n/meta";
import { Rich, useLang, useT } from "~/lib/i18n/react";
import { translate } from "~/lib/i18n/store";
import { STAFF_NAME, STAFF_STATUSES, ticketTexts, type TicketStatus } from "~/lib/tickets";
import { replySchema } from "~/lib/ticket-schemas";
import type { ToastCode } from "~/lib/toasts";
import type { AuditActor } from "~/modules/audit/audit.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { replyAsStaff, setStatusAsStaff, ticketForStaff } from "~/modules/support/staff-inbox.server";
import { consoleAction, editorLoader, sentIntent } from "./+shared/console-action.server";
import type { Route } from "./+types/tickets.$ticketId";

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const lang = metaLanguage(matches);
  return [{ title: translate(lang, "admin.ticket.meta.title", { topic: loaded?.topic ?? translate(lang, "admin.ticket.meta.ticket") }) }];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, () => ticketForStaff(params.ticketId));
}

const here = (ticketId: string) => `/admin/tickets/${ticketId}`;

const ticketForm = z.discriminatedUnion("intent", [
  replySchema.extend({ intent: z.literal("reply") }),
  z.object({ intent: z.literal("status"), status: z.enum(STAFF_STATUSES, { error: "Choose in progress, completed or closed" }) }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const handle = (staff: AuditActor, input: z.output<typeof ticketForm>) =>
    input.intent === "reply" ? reply(staff, params.ticketId, input.message) : changeStatus(staff, params.ticketId, input.status);
  return consoleAction(request, ticketForm, handle, {
    limit: { maxBytes: 64 * 1024, tooLarge: ticketTexts.messageTooLong },
    // Each form shows its own refusal: the reply's or the status's.
    refused: (refusal) => data({ intent: sentIntent(refusal), error: translateMessage(refusal.message) }, { status: 400 }),
  });
}

function reply(staff: AuditActor, ticketId: string, message: string) {
  return staffChange("reply", () => replyAsStaff(staff, ticketId, message), ticketId, "ticket-replied");
}

function changeStatus(staff: AuditActor, ticketId: string, status: (typeof STAFF_STATUSES)[number]) {
  return staffChange("status", () => setStatusAsStaff(staff, ticketId, status), ticketId, "ticket-status-changed");
}

/** A reply or a status change: back to the ticket with `toast`, or its refusal shown by the form that sent it (`intent`). */
async function staffChange(intent: "reply" | "status", change: () => Promise<unknown>, ticketId: string, toast: ToastCode) {
  try {
    await change();
  } catch (error) {
    const refused = errorData(error);
    return data({ intent, error: refused.data.error }, refused.init ?? undefined);
  }
  return redirectWithToast(here(ticketId), toast);
}

const statusButtons: Record<(typeof STAFF_STATUSES)[number], TextId> = {
  in_progress: "admin.ticket.mark.in_progress",
  completed: "admin.ticket.mark.completed",
  closed: "admin.ticket.mark.closed",
};

/** Spec section 4's ticket status labels. */
const statusLabels: Record<TicketStatus, TextId> = {
  pending: "admin.ticketStatus.pending",
  in_progress: "admin.ticketStatus.in_progress",
  completed: "admin.ticketStatus.completed",
  closed: "admin.ticketStatus.closed",
};

export default function AdminTicket({ loaderData: ticket, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const errorFor = (intent: string) => (actionData && "intent" in actionData && actionData.intent === intent ? actionData.error : undefined);
  const formError = formFailure(actionData)?.error;
  const closed = ticket.status === "closed";
  const person = ticket.user;
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <TicketHeader backTo="/admin/tickets" topic={ticket.topic} status={ticket.status}>
        <p className="text-xs text-muted">
          <Rich
            id="admin.ticket.sent"
            values={{ date: formatDateTime(ticket.createdAt, lang) }}
            tags={{ id: () => <span className="font-mono [overflow-wrap:anywhere]">{ticket.id}</span> }}
          />
          {ticket.closedBy
            ? t("admin.ticket.closedBy", { who: ticket.closedBy.id === person.id ? t("admin.ticket.closedByPerson") : ticket.closedBy.email })
            : null}
        </p>
      </TicketHeader>

      <section aria-labelledby="person-heading" className="card flex items-center gap-3 p-4">
        <Avatar url={person.avatarUrl} size={36} />
        <div className="min-w-0">
          <h2 id="person-heading" className="sr-only">
            {t("admin.ticket.from")}
          </h2>
          <Link to={`/admin/users/${person.id}`} className="font-medium text-accent hover:underline">
            {person.name || t("admin.ticket.noName")}
          </Link>
          <p className="text-sm text-muted">
            <EmailText email={person.email} />
          </p>
        </div>
      </section>

      <TicketThread
        messageHeading={t("admin.ticket.message")}
        message={ticket.message}
        empty={t("admin.ticket.noReplies")}
        entries={ticket.replies.map((reply) => ({
          id: reply.id,
          message: reply.message,
          createdAt: reply.createdAt,
          fromStaff: reply.fromStaff,
          name: reply.fromStaff ? STAFF_NAME : reply.user.name || reply.user.email,
          avatar: reply.fromStaff ? "/favicon.svg" : reply.user.avatarUrl,
          detail: reply.fromStaff ? t("admin.ticket.writtenBy", { email: reply.user.email }) : undefined,
        }))}
      />

      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {closed ? (
        <p className="card p-4 text-sm text-muted">{t("admin.ticket.closed")}</p>
      ) : (
        <ReplyForm ticketId={ticket.id} error={errorFor("reply")} label={t("admin.ticket.replyLabel", { email: person.email, staff: STAFF_NAME })} />
      )}

      <Form method="post" className="card flex flex-col gap-3 p-4" aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-semibold">
          {t("admin.ticket.status")}
        </h2>
        <input type="hidden" name="intent" value="status" />
        {errorFor("status") ? <FormAlert tone="error">{errorFor("status")}</FormAlert> : null}
        <div className="flex flex-wrap gap-2">
          {STAFF_STATUSES.filter((status) => status !== ticket.status).map((status) => (
            <button key={status} type="submit" name="status" value={status} className="btn-secondary" disabled={navigation.state === "submitting"}>
              {closed && status === "in_progress" ? t("admin.ticket.reopen") : t(statusButtons[status])}
            </button>
          ))}
        </div>
        <p className="text-xs text-muted">{t("admin.ticket.now", { status: t(statusLabels[ticket.status]) })}</p>
      </Form>
    </div>
  );
}
