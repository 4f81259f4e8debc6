import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Badge, EmailText } from "~/components/admin/admin-table";
import { FormAlert } from "~/components/ui/form";
import { Dialog } from "~/components/ui/dialog";
import { formFailure } from "~/lib/forms";
import { adminUserTexts, statusChangeFor, statusChangeTexts, statusLabels, statusTones, type UserStatus } from "~/lib/admin-users";

/** The user page's forms (app/routes/admin/users.$id.tsx): each posts one intent to that page's action. */

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card flex flex-col gap-3 p-5" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Suspend or reactivate, asked first: without JavaScript the button is a link to the confirmation
 * page; with it, the same question opens here as a dialog, posts to that page's action, and the
 * badge changes at once. The page comes back with a toast that says it happened.
 */
export function StatusForm({
  userId,
  email,
  status,
  isSelf,
  invited,
}: {
  userId: string;
  email: string;
  status: UserStatus;
  isSelf: boolean;
  invited: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  const pendingIntent = fetcher.formData?.get("intent");
  const shown: UserStatus = pendingIntent === "suspend" ? "inactive" : pendingIntent === "reactivate" ? "active" : status;
  const suspended = shown === "inactive";
  const change = statusChangeFor(status);
  const texts = statusChangeTexts[change];
  const href = `/admin/users/${userId}/status`;
  return (
    <Panel title="Account status">
      <p className="flex items-center gap-2 text-sm text-muted">
        Now <Badge tone={statusTones[shown]}>{statusLabels[shown]}</Badge>
      </p>
      <p className="text-sm text-muted">
        {suspended
          ? "A suspended account cannot sign in. Reactivating lets the person sign in again."
          : "Suspending signs the person out on every device and stops them signing in."}
      </p>
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        {isSelf ? (
          <button type="button" className="btn-secondary" disabled title={adminUserTexts.cannotSuspendSelf}>
            Suspend
          </button>
        ) : (
          <Link
            to={href}
            className={`${change === "reactivate" ? "btn-primary" : "btn-secondary"} ${fetcher.state !== "idle" ? "pointer-events-none opacity-50" : ""}`}
            onClick={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
          >
            {texts.button}
          </Link>
        )}
        {invited && !suspended ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resend-invite" />
            <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
              Resend invitation
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      <Dialog open={asking} onClose={() => setAsking(false)} title={texts.title}>
        <div className="flex flex-col gap-4">
          <h2 className="pr-6 text-lg font-semibold">
            {texts.button} <EmailText email={email} />?
          </h2>
          <p className="text-sm text-muted">{texts.consequence}</p>
          <fetcher.Form method="post" action={href} onSubmit={() => setAsking(false)} className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="submit" name="intent" value={change} className="btn-primary">
              {texts.button}
            </button>
          </fetcher.Form>
        </div>
      </Dialog>
    </Panel>
  );
}

export function RoleForm({ role, isSelf }: { role: "user" | "admin"; isSelf: boolean }) {
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  return (
    <Panel title="Role">
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="change-role" />
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Role</span>
          <select name="role" defaultValue={role} className="field h-10 w-40" disabled={isSelf}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary h-10" disabled={isSelf || fetcher.state !== "idle"}>
          Save role
        </button>
      </fetcher.Form>
      {isSelf ? <p className="text-xs text-faint">{adminUserTexts.cannotChangeOwnRole}</p> : null}
    </Panel>
  );
}

export function TokensForm() {
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  const fields = failure?.fields ?? {};
  const busy = fetcher.state !== "idle";
  return (
    <Panel title="Grant or deduct tokens">
      <fetcher.Form method="post" className="flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="adjust-tokens" />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Grant or deduct</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="grant" defaultChecked className="accent-accent" /> Grant
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="deduct" className="accent-accent" /> Deduct
          </label>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Kind of tokens</span>
          <select name="tokenType" defaultValue="free" className="field h-10" aria-describedby="token-type-hint">
            <option value="free">Free</option>
            <option value="purchased">Purchased</option>
          </select>
          <span id="token-type-hint" className="text-xs text-faint">
            A grant adds this kind; a deduction takes this kind first, then the other.
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Amount</span>
          <input
            name="amount"
            type="number"
            min={1}
            step={1}
            required
            inputMode="numeric"
            className="field h-10"
            aria-invalid={fields.amount ? true : undefined}
          />
          {fields.amount ? <span className="text-danger">{fields.amount}</span> : null}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Reason (shown in their token history)</span>
          <input name="reason" maxLength={200} required className="field h-10" aria-invalid={fields.reason ? true : undefined} />
          {fields.reason ? <span className="text-danger">{fields.reason}</span> : null}
        </label>
        {failure?.error && !fields.amount && !fields.reason ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
        <button type="submit" className="btn-primary h-10 self-start" disabled={busy}>
          {busy ? "Saving…" : "Apply"}
        </button>
      </fetcher.Form>
    </Panel>
  );
}

/**
 * Delete asks first: without JavaScript the link opens a confirmation page; with it, the same
 * question opens here as a dialog and posts to that page's action.
 */
export function DeleteUser({ userId, email, blocked }: { userId: string; email: string; blocked: string | null }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  const href = `/admin/users/${userId}/delete`;
  return (
    <Panel title="Delete user">
      <p className="text-sm text-muted">Removes the person's e-mail, name, picture, password and devices. Their token and payment records stay.</p>
      {blocked ? (
        <p className="text-xs text-faint">{blocked}</p>
      ) : (
        <Link
          to={href}
          className="btn-secondary self-start border-danger/50 text-danger hover:border-danger"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          Delete user
        </Link>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete user">
        <div className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold">Delete {email}?</h2>
          <p className="text-sm text-muted">{adminUserTexts.deleteConfirm}</p>
          {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
          <fetcher.Form method="post" action={href} className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" name="intent" value="delete" className="btn-primary from-danger to-danger" disabled={fetcher.state !== "idle"}>
              Delete
            </button>
          </fetcher.Form>
        </div>
      </Dialog>
    </Panel>
  );
}
