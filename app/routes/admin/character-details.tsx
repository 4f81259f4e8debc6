import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, Outlet, redirect } from "react-router";
import { z } from "zod";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { ListHeader } from "~/components/admin/list-header";
import { LoadErrorPanel } from "~/components/admin/load-error-panel";
import { pageMeta } from "~/lib/i18n/meta";
import { useT, type Translate } from "~/lib/i18n/react";
import type { AuditActor } from "~/modules/audit/audit.server";
import { listDetailsForAdmin, moveDetail } from "~/modules/admin/character-details.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { consoleAction, unlessGone } from "./+shared/console-action.server";
import type { Route } from "./+types/character-details";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "catalogue.details.meta.title");

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

function columnsFor(t: Translate, details: Listed[]): AdminColumn<Listed>[] {
  const firstId = details[0]?.id;
  const lastId = details.at(-1)?.id;
  return [
    { header: t("catalogue.form.name"), primary: true, cell: (detail) => <span className="font-medium">{detail.name}</span> },
    { header: t("catalogue.form.description"), stacked: true, cell: (detail) => <span className="text-muted">{detail.description || "—"}</span> },
    { header: t("catalogue.details.column.options"), numeric: true, cell: (detail) => detail.optionCount },
    {
      header: t("catalogue.column.actions"),
      actions: true,
      cell: (detail) => <DetailActions detail={detail} first={detail.id === firstId} last={detail.id === lastId} />,
    },
  ];
}

function MoveButton({ id, direction, disabled, name }: { id: number; direction: "up" | "down"; disabled: boolean; name: string }) {
  const t = useT();
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={`move-${direction}`} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={disabled}
        className="rounded-full p-2 text-muted hover:bg-raised hover:text-ink disabled:opacity-30"
        aria-label={direction === "up" ? t("catalogue.details.moveUp", { name }) : t("catalogue.details.moveDown", { name })}
        title={direction === "up" ? t("catalogue.details.moveUpTitle") : t("catalogue.details.moveDownTitle")}
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </Form>
  );
}

function DetailActions({ detail, first, last }: { detail: Listed; first: boolean; last: boolean }) {
  const t = useT();
  return (
    <div className="flex w-full justify-end">
      <MoveButton id={detail.id} direction="up" disabled={first} name={detail.name} />
      <MoveButton id={detail.id} direction="down" disabled={last} name={detail.name} />
      <EditLink to={`${detail.id}/edit`} label={t("catalogue.action.edit", { name: detail.name })} />
      <DeleteLink to={`${detail.id}/delete`} label={t("catalogue.action.delete", { name: detail.name })} />
    </div>
  );
}

export default function AdminCharacterDetails({ loaderData }: Route.ComponentProps) {
  const { details } = loaderData;
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title={t("catalogue.details.title")} add={{ to: "new", label: t("catalogue.details.add") }} />
      <AdminTable
        caption={t("catalogue.details.caption")}
        columns={columnsFor(t, details)}
        rows={details}
        rowKey={(detail) => String(detail.id)}
        empty={t("catalogue.details.empty")}
      />
      <Outlet />
    </div>
  );
}

/** Spec: a full error panel shows if loading fails. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <LoadErrorPanel
      error={error}
      listPath="/admin/character-details"
      listTitle={t("catalogue.details.title")}
      notFoundTitle={t("catalogue.details.notFound")}
      failedTitle={t("catalogue.details.loadFailed")}
    />
  );
}
