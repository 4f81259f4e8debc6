import { Plus } from "lucide-react";
import { Link } from "react-router";

/** A console list's title, with the button that opens its add dialog (none where the list takes no additions). */
export function ListHeader({ title, add }: { title: string; add?: { to: string; label: string } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {add ? (
        <Link to={add.to} preventScrollReset className="btn-primary">
          <Plus className="size-4" aria-hidden /> {add.label}
        </Link>
      ) : null}
    </div>
  );
}
