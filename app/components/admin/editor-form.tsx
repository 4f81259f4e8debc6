import { Link } from "react-router";

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
