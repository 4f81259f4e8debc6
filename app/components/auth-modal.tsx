import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { authTexts, PASSWORD_MAX, PASSWORD_MIN, SIMPLE_EMAIL } from "~/lib/auth-forms";
import { formRefusal } from "~/lib/forms";
import { SignInSubmit, TermsNotice } from "./auth-card";
import { FormAlert } from "./ui/form";
import { GoogleButton } from "./google-button";
import { Dialog } from "./ui/dialog";
import { CharacterPicture } from "./ui/avatar";

export type AuthModalPicture = { name: string; avatarUrl: string | null };
type Mode = "signin" | "signup";
/** `onDismiss`: what closing the modal without signing in does (some pages leave, spec section 2). */
type OpenRequest = { mode?: Mode; message?: string; redirectTo?: string; onDismiss?: () => void };
type OpenAuthModal = (request?: OpenRequest) => void;

/** The window event the header's 'Create Account' fires (spec section 2): the modal opens on sign-up. */
export const SHOW_CREATE_ACCOUNT_EVENT = "showCreateAccountModal";

/** Spec texts for actions that need an account. */
export const signInPrompts = {
  favorite: "Please sign in to add favorites",
  chat: (name: string) => `Please sign in to chat with ${name}`,
};

const AuthModalContext = createContext<OpenAuthModal>(() => {});

/** Opens the sign-in (or sign-up) modal from anywhere in the shell. */
export function useAuthModal() {
  return useContext(AuthModalContext);
}

/**
 * The spec's sign-in and sign-up modals. They post to the /login and /signup actions, so the
 * server applies exactly the rules of the pages (and the pages remain for browsers without
 * JavaScript). After sign-in the person stays where they were, or goes where they were headed.
 */
export function AuthModalProvider({ pictures, googleSignIn, children }: { pictures: AuthModalPicture[]; googleSignIn: boolean; children: ReactNode }) {
  const location = useLocation();
  const [state, setState] = useState<(OpenRequest & { mode: Mode }) | null>(null);
  const [picture, setPicture] = useState<AuthModalPicture | null>(null);

  const open = useCallback<OpenAuthModal>(
    (request = {}) => {
      // Chosen when the modal opens, in the browser: the server never renders an open modal.
      setPicture(pictures.length ? pictures[Math.floor(Math.random() * pictures.length)]! : null);
      setState({ ...request, mode: request.mode ?? "signin" });
    },
    [pictures],
  );

  useEffect(() => {
    const showCreateAccount = () => open({ mode: "signup" });
    window.addEventListener(SHOW_CREATE_ACCOUNT_EVENT, showCreateAccount);
    return () => window.removeEventListener(SHOW_CREATE_ACCOUNT_EVENT, showCreateAccount);
  }, [open]);

  // A navigation (a link inside the modal, or the redirect after signing in) closes it.
  // Compared with the previous key, not run on mount, so a page may open the modal as it loads.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    setState(null);
  }, [location.key]);

  const here = useMemo(() => {
    const params = new URLSearchParams(location.search);
    params.delete("toast");
    const search = params.toString();
    return location.pathname + (search ? `?${search}` : "");
  }, [location.pathname, location.search]);
  const redirectTo = state?.redirectTo ?? here;
  const close = useCallback(() => {
    state?.onDismiss?.();
    setState(null);
  }, [state]);

  return (
    <AuthModalContext.Provider value={open}>
      {children}
      <Dialog open={state !== null} onClose={close} title={state?.mode === "signup" ? "Create Free Account" : "Sign In"} wide>
        {state ? (
          <div className="grid gap-6 sm:grid-cols-[11rem_1fr]">
            <ModalPicture picture={picture} />
            {state.mode === "signin" ? (
              <SignInPanel message={state.message} redirectTo={redirectTo} googleSignIn={googleSignIn} onSwitch={() => open({ ...state, mode: "signup" })} />
            ) : (
              <SignUpPanel redirectTo={redirectTo} googleSignIn={googleSignIn} onSwitch={() => open({ ...state, mode: "signin" })} />
            )}
          </div>
        ) : null}
      </Dialog>
    </AuthModalContext.Provider>
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

function SignInPanel({ message, redirectTo, googleSignIn, onSwitch }: { message?: string; redirectTo: string; googleSignIn: boolean; onSwitch: () => void }) {
  const fetcher = useFetcher<SignInData>();
  const submitting = fetcher.state !== "idle";
  // The modal's own wording for an unconfirmed e-mail (spec section 8); other texts as the server says.
  const error = fetcher.data?.error === authTexts.unconfirmedEmailPage ? authTexts.unconfirmedEmailModal : fetcher.data?.error;
  return (
    <div className="min-w-0">
      <h2 className="text-xl font-bold">Sign In</h2>
      {message ? <p className="mt-1 text-sm text-muted">{message}</p> : null}
      <fetcher.Form method="post" action="/login" className="mt-5 flex flex-col gap-4">
        {error && !submitting ? <FormAlert tone="error">{error}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ModalField label="Email" name="email" type="email" autoComplete="email" required />
        <PasswordField autoComplete="current-password" />
        <SignInSubmit label="Sign in" busyLabel="Signing in…" submitting={submitting} />
      </fetcher.Form>
      {googleSignIn ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-5 text-center text-sm text-muted">
        Don't have an account?{" "}
        <button type="button" onClick={onSwitch} className="text-accent hover:underline">
          Sign up
        </button>
      </p>
    </div>
  );
}

type SignUpData = { status: "sent"; email: string } | { ok: false; error: string; fields?: Partial<Record<string, string>> };

function SignUpPanel({ redirectTo, googleSignIn, onSwitch }: { redirectTo: string; googleSignIn: boolean; onSwitch: () => void }) {
  const fetcher = useFetcher<SignUpData>();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submitting = fetcher.state !== "idle";
  // Spec: the button is enabled only when both fields are valid. The server checks again.
  const valid = SIMPLE_EMAIL.test(email.trim()) && password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;

  if (fetcher.data && "status" in fetcher.data) {
    return (
      <div className="min-w-0">
        <h2 className="text-xl font-bold">Check your inbox</h2>
        <div className="mt-5 flex flex-col gap-4">
          <FormAlert tone="success">{authTexts.signUpSuccess}</FormAlert>
          <p className="text-sm text-muted">
            We sent a confirmation link to <strong className="text-ink">{fetcher.data.email}</strong>. Follow it and enter your password to confirm and sign in.
          </p>
          <button type="button" onClick={onSwitch} className="btn-primary h-11">
            Sign in
          </button>
        </div>
      </div>
    );
  }
  const { fields, formError: refusal } = formRefusal(fetcher.data);
  const formError = fields.email ?? fields.password ?? fields.confirmPassword ?? refusal;
  return (
    <div className="min-w-0">
      <h2 className="text-xl font-bold">Create Free Account</h2>
      <p className="mt-1 text-sm text-muted">Start free with 500 tokens every month.</p>
      <fetcher.Form method="post" action="/signup" className="mt-5 flex flex-col gap-4" noValidate>
        {formError && !submitting ? <FormAlert tone="error">{formError}</FormAlert> : null}
        {/* The mailed link brings the person back here (or where they were headed) once confirmed. */}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ModalField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <PasswordField autoComplete="new-password" hint={authTexts.passwordTooShort} value={password} onChange={setPassword} />
        <button type="submit" className="btn-primary h-11" disabled={!valid || submitting}>
          {submitting ? "Creating account…" : "Create Free Account"}
        </button>
        <TermsNotice />
      </fetcher.Form>
      {googleSignIn ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-5 text-center text-sm text-muted">
        Already have an account?{" "}
        <button type="button" onClick={onSwitch} className="text-accent hover:underline">
          Sign in
        </button>
      </p>
    </div>
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
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="auth-modal-password" className="text-sm font-medium">
        Password
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
          aria-label={visible ? "Hide password" : "Show password"}
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
