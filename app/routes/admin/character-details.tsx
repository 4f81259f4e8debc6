import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, Outlet, redirect } from "react-router";
import { z } from "zod";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { detailTexts } from "~/lib/admin-models";
import type { AuditActor } from "~/modules/audit/audit.server";
import { listDetailsForAdmin, moveDetail } from "~/modules/admin/character-details.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/character-details";

export function meta() {
  return [{ title: "Character Details · Admin · CharacterVerse" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { details: await listDetailsForAdmin() };
}

const PAGE = "/admin/character-details";

export async function action({ request }: Route.ActionArgs) {
  return consoleAction(request, moveForm, move, { refused: () => redirectWithToast(PAGE, "detail-save-failed") });
}

/** Move up or down: the definition and the way it goes. */
const moveForm = z.object({ intent: z.enum(["move-up", "move-down"]), id: z.string().regex(/^\d{1,9}$/) });

async function move(admin: AuditActor, { intent, id }: z.output<typeof moveForm>) {
  await unlessGone(PAGE, "detail-save-failed", () => moveDetail(admin, id, intent === "move-up" ? "up" : "down"));
  throw redirect(PAGE);
}

type Listed = Route.ComponentProps["loaderData"]["details"][number];

function columnsFor(details: Listed[]): AdminColumn<Listed>[] {
  const firstId = details[0]?.id;
  const lastId = details.at(-1)?.id;
  return [
    { header: "Name", primary: true, cell: (detail) => <span className="font-medium">{detail.name}</span> },
    { header: "Description", stacked: true, cell: (detail) => <span className="text-muted">{detail.description || "—"}</span> },
    { header: "# of Options", numeric: true, cell: (detail) => detail.optionCount },
    { header: "Actions", actions: true, cell: (detail) => <DetailActions detail={detail} first={detail.id === firstId} last={detail.id === lastId} /> },
  ];
}

function MoveButton({ id, direction, disabled, name }: { id: number; direction: "up" | "down"; disabled: boolean; name: string }) {
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={`move-${direction}`} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={disabled}
        className="rounded-full p-2 text-muted hover:bg-raised hover:text-ink disabled:opacity-30"
        aria-label={`Move ${name} ${direction}`}
        title={`Move ${direction}`}
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </Form>
  );
}

function DetailActions({ detail, first, last }: { detail: Listed; first: boolean; last: boolean }) {
  return (
    <div className="flex w-full justify-end">
      <MoveButton id={detail.id} direction="up" disabled={first} name={detail.name} />
      <MoveButton id={detail.id} direction="down" disabled={last} name={detail.name} />
      <EditLink to={`${detail.id}/edit`} label={`Edit ${detail.name}`} />
      <DeleteLink to={`${detail.id}/delete`} label={`Delete ${detail.name}`} />
    </div>
  );
}

export default function AdminCharacterDetails({ loaderData }: Route.ComponentProps) {
  const { details } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title="Character Details" add={{ to: "new", label: "Add Detail" }} />
      <AdminTable caption="Character details" columns={columnsFor(details)} rows={details} rowKey={(detail) => String(detail.id)} empty={detailTexts.empty} />
      <Outlet />
    </div>
  );
}

/** Spec: a full error panel shows if loading fails. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LoadErrorPanel
      error={error}
      listPath="/admin/character-details"
      listTitle="Character Details"
      notFoundTitle="Character detail not found"
      failedTitle={detailTexts.loadFailed}
    />
  );
}
