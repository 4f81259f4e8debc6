import { Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { ModalRoute } from "./modal-route";

/**
 * A delete that asks first, as a route of its own (`/admin/banners/:id/delete`): with JavaScript
 * a dialog over the list, without it the same question as a page. Delete posts `intent=delete`
 * to the route; Cancel goes back to the list. A refusal (e.g. a plan that has subscribers) is
 * shown in place; one known before asking (`refusal`) is said instead of offering Delete.
 */
export function ConfirmDelete({
  title,
  question,
  name,
  backTo,
  error,
  note,
  refusal,
}: {
  title: string;
  question: string;
  /** what is being deleted, as a person recognises it */
  name: string;
  backTo: string;
  error?: string;
  note?: string;
  /** why it cannot be deleted, known before asking: said in place of the Delete button */
  refusal?: string | null;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <ModalRoute title={title} backTo={backTo}>
      {refusal ? null : <p>{question}</p>}
      <p className="rounded-xl bg-raised px-3 py-2 text-sm font-medium break-words">{name}</p>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
      {error || refusal ? <FormAlert tone="error">{error ?? refusal}</FormAlert> : null}
      <Form method="post" className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <Link to={backTo} preventScrollReset className="btn-secondary">
          {refusal ? t("admin.action.back") : t("admin.action.cancel")}
        </Link>
        {refusal ? null : (
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-50"
            disabled={busy}
          >
            <Trash2 className="size-4" aria-hidden /> {t("admin.action.delete")}
          </button>
        )}
      </Form>
    </ModalRoute>
  );
}

/** The list's Delete action: a link to the confirmation route. */
export function DeleteLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} preventScrollReset className="rounded-full p-2 text-muted hover:bg-danger/10 hover:text-danger" aria-label={label} title={label}>
      <Trash2 className="size-4" aria-hidden />
    </Link>
  );
}
