import type { ReactNode } from "react";
import { X } from "lucide-react";
import { Link } from "react-router";
import { Rich, useT } from "~/lib/i18n/react";

/** The frame of the standalone auth pages; closing goes to / (spec section 2). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 md:py-16">
      <div className="card relative p-6 sm:p-8">
        <Link to="/" className="absolute top-4 right-4 rounded-full p-1 text-muted hover:text-ink" aria-label={t("auth.close")}>
          <X className="size-5" />
        </Link>
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** Under both sign-up forms (the page and the dialog): the spec's links to /terms and /privacy. */
export function TermsNotice() {
  return (
    <p className="text-xs text-faint">
      <Rich
        id="auth.signUp.terms"
        tags={{
          terms: (text) => (
            <Link to="/terms" className="text-accent hover:underline">
              {text}
            </Link>
          ),
          privacy: (text) => (
            <Link to="/privacy" className="text-accent hover:underline">
              {text}
            </Link>
          ),
        }}
      />
    </p>
  );
}

/** The end of every form that signs in with a password: the forgot-password link, then the submit button. */
export function SignInSubmit({ label, busyLabel, submitting }: { label: string; busyLabel: string; submitting: boolean }) {
  const t = useT();
  return (
    <>
      <Link to="/forgot-password" className="self-end text-sm text-accent hover:underline">
        {t("auth.signIn.forgot")}
      </Link>
      <button type="submit" className="btn-primary h-11" disabled={submitting}>
        {submitting ? busyLabel : label}
      </button>
    </>
  );
}
