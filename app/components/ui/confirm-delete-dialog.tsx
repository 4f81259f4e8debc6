import { useT } from "~/lib/i18n/react";

import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "./dialog";

/**
 * "Are you sure?" over a list, with JavaScript: Delete posts `intent=delete` to `action` through a
 * fetcher and closes; Cancel closes. Nothing is shown while `action` is null. Without JavaScript
 * the list's own delete form or page asks instead.
 */
export function ConfirmDeleteDialog({
  title,
  question,
  action,
  onClose,
  children,
}: {
  title: string;
  question: string;
  /** where Delete posts; null while nothing is being deleted */
  action: string | null;
  onClose: () => void;
  /** further fields the form sends (e.g. where to return) */
  children?: ReactNode;
}) {
  const fetcher = useFetcher();
  const t = useT();
  return (
    <Dialog open={action !== null} onClose={onClose} title={title}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <p className="mb-4 text-sm text-muted">{question}</p>
      {action ? (
        <fetcher.Form method="post" action={action} onSubmit={onClose} className="flex justify-end gap-2">
          {children}
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" name="intent" value="delete" className="btn-primary">
            {t("common.delete")}
          </button>
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}
