import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Badge, EmailText } from "~/components/admin/admin-table";
import { FormAlert } from "~/components/ui/form";
import { Dialog } from "~/components/ui/dialog";
import { formFailure } from "~/lib/forms";
import { statusChangeFor, statusChangeIds, statusLabels, statusTones, type UserStatus } from "~/lib/admin-users";
import { Rich, useT } from "~/lib/i18n/react";

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
  const t = useT();
  const [asking, setAsking] = useState(false);
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  const pendingIntent = fetcher.formData?.get("intent");
  const shown: UserStatus = pendingIntent === "suspend" ? "inactive" : pendingIntent === "reactivate" ? "active" : status;
  const suspended = shown === "inactive";
  const change = statusChangeFor(status);
  const texts = statusChangeIds[change];
  const href = `/admin/users/${userId}/status`;
  return (
    <Panel title={t("admin.user.status.title")}>
      <p className="flex items-center gap-2 text-sm text-muted">
        {t("admin.user.status.now")} <Badge tone={statusTones[shown]}>{t(statusLabels[shown])}</Badge>
      </p>
      <p className="text-sm text-muted">{suspended ? t("admin.user.status.suspendedNote") : t("admin.user.status.activeNote")}</p>
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        {isSelf ? (
          <button type="button" className="btn-secondary" disabled title={t("admin.users.error.cannotSuspendSelf")}>
            {t("admin.user.suspend.button")}
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
            {t(texts.button)}
          </Link>
        )}
        {invited && !suspended ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resend-invite" />
            <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
              {t("admin.user.status.resend")}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      <Dialog open={asking} onClose={() => setAsking(false)} title={t(texts.title)}>
        <div className="flex flex-col gap-4">
          <h2 className="pr-6 text-lg font-semibold">
            <Rich id="admin.user.status.ask" values={{ action: t(texts.button) }} tags={{ email: () => <EmailText email={email} /> }} />
          </h2>
          <p className="text-sm text-muted">{t(texts.consequence)}</p>
          <fetcher.Form method="post" action={href} onSubmit={() => setAsking(false)} className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
              {t("admin.action.cancel")}
            </button>
            <button type="submit" name="intent" value={change} className="btn-primary">
              {t(texts.button)}
            </button>
          </fetcher.Form>
        </div>
      </Dialog>
    </Panel>
  );
}

export function RoleForm({ role, isSelf }: { role: "user" | "admin"; isSelf: boolean }) {
  const t = useT();
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  return (
    <Panel title={t("admin.user.role.title")}>
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="change-role" />
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">{t("admin.user.role.title")}</span>
          <select name="role" defaultValue={role} className="field h-10 w-40" disabled={isSelf}>
            <option value="user">{t("admin.role.user")}</option>
            <option value="admin">{t("admin.role.admin")}</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary h-10" disabled={isSelf || fetcher.state !== "idle"}>
          {t("admin.user.role.save")}
        </button>
      </fetcher.Form>
      {isSelf ? <p className="text-xs text-faint">{t("admin.users.error.cannotChangeOwnRole")}</p> : null}
    </Panel>
  );
}

export function TokensForm() {
  const t = useT();
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  const fields = failure?.fields ?? {};
  const busy = fetcher.state !== "idle";
  return (
    <Panel title={t("admin.user.tokens.title")}>
      <fetcher.Form method="post" className="flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="adjust-tokens" />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">{t("admin.user.tokens.legend")}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="grant" defaultChecked className="accent-accent" /> {t("admin.user.tokens.grant")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="deduct" className="accent-accent" /> {t("admin.user.tokens.deduct")}
          </label>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">{t("admin.user.tokens.kind")}</span>
          <select name="tokenType" defaultValue="free" className="field h-10" aria-describedby="token-type-hint">
            <option value="free">{t("admin.tokens.free")}</option>
            <option value="purchased">{t("admin.tokens.purchased")}</option>
          </select>
          <span id="token-type-hint" className="text-xs text-faint">
            {t("admin.user.tokens.kindHint")}
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">{t("admin.user.tokens.amount")}</span>
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
          <span className="text-muted">{t("admin.user.tokens.reason")}</span>
          <input name="reason" maxLength={200} required className="field h-10" aria-invalid={fields.reason ? true : undefined} />
          {fields.reason ? <span className="text-danger">{fields.reason}</span> : null}
        </label>
        {failure?.error && !fields.amount && !fields.reason ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
        <button type="submit" className="btn-primary h-10 self-start" disabled={busy}>
          {busy ? t("admin.user.tokens.saving") : t("admin.user.tokens.apply")}
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
  const t = useT();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const failure = formFailure(fetcher.data);
  const href = `/admin/users/${userId}/delete`;
  return (
    <Panel title={t("admin.user.delete.title")}>
      <p className="text-sm text-muted">{t("admin.user.delete.note")}</p>
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
          {t("admin.user.delete.title")}
        </Link>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title={t("admin.user.delete.title")}>
        <div className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold">{t("admin.user.delete.question", { email })}</h2>
          <p className="text-sm text-muted">{t("admin.users.error.deleteConfirm")}</p>
          {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
          <fetcher.Form method="post" action={href} className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {t("admin.action.cancel")}
            </button>
            <button type="submit" name="intent" value="delete" className="btn-primary from-danger to-danger" disabled={fetcher.state !== "idle"}>
              {t("admin.action.delete")}
            </button>
          </fetcher.Form>
        </div>
      </Dialog>
    </Panel>
  );
}
