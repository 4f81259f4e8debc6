import { Pencil } from "lucide-react";
import { Link } from "react-router";

/** A row's pencil: opens the row's editor route (a dialog over the list with JavaScript, a page without). */
export function EditLink({ to, label, title = "Edit" }: { to: string; label: string; title?: string }) {
  return (
    <Link to={to} preventScrollReset className="rounded-full p-2 text-muted hover:bg-raised hover:text-ink" aria-label={label} title={title}>
      <Pencil className="size-4" aria-hidden />
    </Link>
  );
}
