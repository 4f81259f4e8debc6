import type { ReactNode } from "react";
import { Link } from "react-router";

/** A ticked-or-not setting of an editor (Popular, Active, Published), its label beside the box. */
export function EditorCheckbox({ name, checked, className = "", children }: { name: string; checked: boolean; className?: string; children: ReactNode }) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`.trimEnd()}>
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-accent" /> {children}
    </label>
  );
}

/** An editor's foot: Cancel goes back to the list, the submit button waits while the form is sent. */
export function EditorButtons({ backTo, busy, submit }: { backTo: string; busy: boolean; submit: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={backTo} preventScrollReset className="btn-secondary">
        Cancel
      </Link>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submit}
      </button>
    </div>
  );
}
