import { useT } from "~/lib/i18n/react";

import { useEffect, useRef, type ReactNode } from "react";
import { X } from "lucide-react";

/**
 * A modal built on the native <dialog>: focus trapping, Escape and the top layer come from the
 * browser. Clicking the backdrop closes it too.
 */
export function Dialog({
  open,
  onClose,
  title,
  wide = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      className={`m-auto ${wide ? "w-[min(94vw,44rem)]" : "w-[min(92vw,26rem)]"} rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/70`}
    >
      <div className="relative p-6">
        <button type="button" onClick={onClose} className="absolute top-3 right-3 rounded-full p-1 text-muted hover:text-ink" aria-label={t("common.close")}>
          <X className="size-5" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
