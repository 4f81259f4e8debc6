import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/** A row's pencil: opens the row's editor route (a dialog over the list with JavaScript, a page without). */
export function EditLink({ to, label, title }: { to: string; label: string; title?: string }) {
  const t = useT();
  return (
    <Link
      to={to}
      preventScrollReset
      className="rounded-full p-2 text-muted hover:bg-raised hover:text-ink"
      aria-label={label}
      title={title ?? t("admin.action.edit")}
    >
      <Pencil className="size-4" aria-hidden />
    </Link>
  );
}
