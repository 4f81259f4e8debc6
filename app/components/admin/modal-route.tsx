import { useEffect, useRef, useState, type ReactNode } from "react";
import { X } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * An editor that is a route (`/admin/plans/:id/edit`), drawn over the list it belongs to.
 *
 * The server renders a plain `<dialog open>` fixed over a dimmed list, so the page works without
 * JavaScript: its form posts to the route, and Close and the backdrop are links back to the list.
 * Once JavaScript runs, the same dialog is reopened as a true modal (focus moves into it, the
 * page behind is inert, Escape closes), and closing navigates back to the list.
 */
export function ModalRoute({ title, backTo, wide = false, children }: { title: string; backTo: string; wide?: boolean; children: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [modal, setModal] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    // showModal() refuses a dialog that is already open (non-modally, as rendered on the server).
    dialog.close();
    dialog.showModal();
    setModal(true);
  }, []);

  const back = () => navigate(backTo, { preventScrollReset: true });

  return (
    <>
      {modal ? null : <Link to={backTo} aria-hidden tabIndex={-1} className="fixed inset-0 z-40 bg-black/70" />}
      <dialog
        ref={ref}
        open
        aria-labelledby="modal-route-title"
        // close() before showModal() fires a close event too: only a dialog that stays closed leaves.
        onClose={() => ref.current?.open || back()}
        onClick={(event) => event.target === ref.current && ref.current.close()}
        className={`fixed inset-0 z-50 m-auto max-h-[92dvh] overflow-y-auto ${wide ? "w-[min(94vw,44rem)]" : "w-[min(92vw,30rem)]"} rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/70`}
      >
        <div className="relative flex flex-col gap-4 p-5 sm:p-6">
          <h2 id="modal-route-title" className="pr-8 text-lg font-semibold">
            {title}
          </h2>
          {children}
          {/* Last in the tab order, so opening the dialog puts the focus on its first field. */}
          <Link
            to={backTo}
            preventScrollReset
            className="absolute top-3 right-3 rounded-full p-1 text-muted hover:text-ink"
            aria-label={t("admin.action.close")}
          >
            <X className="size-5" />
          </Link>
        </div>
      </dialog>
    </>
  );
}
