import { lazy, Suspense, useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { useFetcher } from "react-router";
import { authTexts, PASSWORD_MAX, PASSWORD_MIN, SIMPLE_EMAIL } from "~/lib/auth-forms";
import { formRefusal } from "~/lib/forms";
import { Rich, useT } from "~/lib/i18n/react";
import type { AuthModalMessage } from "./auth-modal";
import { SignInSubmit, TermsNotice } from "./auth-card";
import { FormAlert } from "./ui/form";
import { Dialog } from "./ui/dialog";
import { CharacterPicture } from "./ui/avatar";

export type AuthModalPicture = { name: string; avatarUrl: string | null };
export type AuthModalMode = "signin" | "signup";

// Only where Google sign-in is configured does the browser fetch the button's code.
const GoogleButton = lazy(() => import("./google-button").then((module) => ({ default: module.GoogleButton })));

/**
 * The sign-in and sign-up modal's content, loaded the first time the modal opens: a visitor who
 * never opens it never downloads its forms.
 */
export default function AuthModalDialog({
  open,
  mode,
  message,
  redirectTo,
  picture,
  googleSignIn,
  onClose,
  onSwitch,
}: {
  open: boolean;
  mode: AuthModalMode;
  message?: AuthModalMessage;
  redirectTo: string;
  picture: AuthModalPicture | null;
  googleSignIn: boolean;
  onClose: () => void;
  onSwitch: (mode: AuthModalMode) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={mode === "signup" ? t("auth.signUp.freeAccount") : t("auth.signIn.title")} wide>
      {open ? (
        <div className="grid gap-6 sm:grid-cols-[11rem_1fr]">
          <ModalPicture picture={picture} />
          {mode === "signin" ? (
            <SignInPanel message={message} redirectTo={redirectTo} googleSignIn={googleSignIn} onSwitch={() => onSwitch("signup")} />
          ) : (
            <SignUpPanel redirectTo={redirectTo} googleSignIn={googleSignIn} onSwitch={() => onSwitch("signin")} />
          )}
        </div>
      ) : null}
    </Dialog>
  );
}

function GoogleOption({ enabled, redirectTo }: { enabled: boolean; redirectTo: string }) {
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <GoogleButton redirectTo={redirectTo} />
    </Suspense>
  );
}

function ModalPicture({ picture }: { picture: AuthModalPicture | null }) {
  if (!picture) return <div className="hidden rounded-xl bg-accent-soft sm:block" aria-hidden />;
  return (
    <div className="hidden sm:block">
      <CharacterPicture
        name={picture.name}
        url={picture.avatarUrl}
        thumbnail={300}
        alt={picture.name}
        testId="auth-modal-picture"
        className="h-full max-h-80 w-full rounded-xl object-cover"
        width={300}
        height={400}
      />
    </div>
  );
}

type SignInData = { error?: string };

function SignInPanel({
  message,
  redirectTo,
  googleSignIn,
  onSwitch,
}: {
  message?: AuthModalMessage;
  redirectTo: string;
  googleSignIn: boolean;
  onSwitch: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<SignInData>();
  const submitting = fetcher.state !== "idle";
  // The modal's own wording for an unconfirmed e-mail (spec section 8); other texts as the server
  // says (the server's text arrives in the page's language).
  const unconfirmed = [authTexts.unconfirmedEmailPage, t("auth.error.unconfirmedEmailPage")];
  const error = fetcher.data?.error && unconfirmed.includes(fetcher.data.error) ? t("auth.error.unconfirmedEmailModal") : fetcher.data?.error;
  const shown = typeof message === "string" ? message : message && t(message.id, message.values);
  return (
    <div className="min-w-0">
      <h2 className="text-xl font-bold">{t("auth.signIn.title")}</h2>
      {shown ? <p className="mt-1 text-sm text-muted">{shown}</p> : null}
      <fetcher.Form method="post" action="/login" className="mt-5 flex flex-col gap-4">
        {error && !submitting ? <FormAlert tone="error">{error}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ModalField label={t("auth.field.email")} name="email" type="email" autoComplete="email" required />
        <PasswordField autoComplete="current-password" />
        <SignInSubmit label={t("auth.signIn.button")} busyLabel={t("auth.signIn.busy")} submitting={submitting} />
      </fetcher.Form>
      <GoogleOption enabled={googleSignIn} redirectTo={redirectTo} />
      <SwitchPanel id="auth.signIn.noAccount" onSwitch={onSwitch} />
    </div>
  );
}

type SignUpData = { status: "sent"; email: string } | { ok: false; error: string; fields?: Partial<Record<string, string>> };

function SignUpPanel({ redirectTo, googleSignIn, onSwitch }: { redirectTo: string; googleSignIn: boolean; onSwitch: () => void }) {
  const t = useT();
  const fetcher = useFetcher<SignUpData>();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submitting = fetcher.state !== "idle";
  // Spec: the button is enabled only when both fields are valid. The server checks again.
  const valid = SIMPLE_EMAIL.test(email.trim()) && password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;

  if (fetcher.data && "status" in fetcher.data) {
    const sentTo = fetcher.data.email;
    return (
      <div className="min-w-0">
        <h2 className="text-xl font-bold">{t("auth.inbox.title")}</h2>
        <div className="mt-5 flex flex-col gap-4">
          <FormAlert tone="success">{t("auth.signUpSuccess")}</FormAlert>
          <p className="text-sm text-muted">
            <Rich id="auth.inbox.sent" values={{ email: sentTo }} tags={{ strong: () => <strong className="text-ink">{sentTo}</strong> }} />
          </p>
          <button type="button" onClick={onSwitch} className="btn-primary h-11">
            {t("auth.signIn.button")}
          </button>
        </div>
      </div>
    );
  }
  const { fields, formError: refusal } = formRefusal(fetcher.data);
  const formError = fields.email ?? fields.password ?? fields.confirmPassword ?? refusal;
  return (
    <div className="min-w-0">
      <h2 className="text-xl font-bold">{t("auth.signUp.freeAccount")}</h2>
      <p className="mt-1 text-sm text-muted">{t("auth.signUp.subtitle")}</p>
      <fetcher.Form method="post" action="/signup" className="mt-5 flex flex-col gap-4" noValidate>
        {formError && !submitting ? <FormAlert tone="error">{formError}</FormAlert> : null}
        {/* The mailed link brings the person back here (or where they were headed) once confirmed. */}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ModalField
          label={t("auth.field.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField autoComplete="new-password" hint={t("auth.error.passwordTooShort")} value={password} onChange={setPassword} />
        <button type="submit" className="btn-primary h-11" disabled={!valid || submitting}>
          {submitting ? t("auth.signUp.busy") : t("auth.signUp.freeAccount")}
        </button>
        <TermsNotice />
      </fetcher.Form>
      <GoogleOption enabled={googleSignIn} redirectTo={redirectTo} />
      <SwitchPanel id="auth.signUp.haveAccount" onSwitch={onSwitch} />
    </div>
  );
}

/** The line under a panel that offers the other one (sign in, or create an account): its linked words switch. */
function SwitchPanel({ id, onSwitch }: { id: "auth.signIn.noAccount" | "auth.signUp.haveAccount"; onSwitch: () => void }) {
  return (
    <p className="mt-5 text-center text-sm text-muted">
      <Rich
        id={id}
        tags={{
          link: (text) => (
            <button type="button" onClick={onSwitch} className="text-accent hover:underline">
              {text}
            </button>
          ),
        }}
      />
    </p>
  );
}

function ModalField({ label, name, ...input }: { label: string; name: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `auth-modal-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} name={name} className="field h-11" {...input} />
    </div>
  );
}

function PasswordField({ autoComplete, hint, value, onChange }: { autoComplete: string; hint?: string; value?: string; onChange?: (value: string) => void }) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="auth-modal-password" className="text-sm font-medium">
        {t("auth.field.password")}
      </label>
      <div className="relative">
        <input
          id="auth-modal-password"
          name="password"
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required
          maxLength={PASSWORD_MAX}
          className="field h-11 w-full pr-11"
          aria-describedby={hint ? "auth-modal-password-hint" : undefined}
          value={value}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-ink"
          aria-label={visible ? t("auth.password.hide") : t("auth.password.show")}
          aria-pressed={visible}
        >
          {visible ? <EyeOff className="size-5" /> : <Eye className="size-5" />}
        </button>
      </div>
      {hint ? (
        <p id="auth-modal-password-hint" className="text-xs text-faint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
