import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard, SignInSubmit } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { GoogleButton } from "~/components/google-button";
import { safeRedirectPath } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT } from "~/lib/i18n/react";
import { signInWithPassword } from "~/modules/auth/sign-in.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { loadSignedOutPage } from "./+auth/signed-out-page.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.signIn.meta.title");

export function loader({ request, url }: Route.LoaderArgs) {
  return loadSignedOutPage(request, url);
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { cookie, deviceCookie, redirectTo } = await signInWithPassword(request, context.clientIp);
    return redirectWithToast(redirectTo, "logged-in", {
      headers: [
        ["Set-Cookie", cookie],
        ["Set-Cookie", deviceCookie],
      ],
    });
  } catch (error) {
    return errorData(error);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  return (
    <AuthCard title={t("auth.signIn.title")} subtitle={t("auth.signIn.subtitle")}>
      <Form method="post" className="flex flex-col gap-4">
        {searchParams.get("reset") ? <FormAlert tone="success">{t("auth.passwordChanged")}</FormAlert> : null}
        {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField label={t("auth.field.email")} name="email" type="email" autoComplete="email" required />
        <FormField label={t("auth.field.password")} name="password" type="password" autoComplete="current-password" required />
        <SignInSubmit label={t("auth.signIn.submit")} busyLabel={t("auth.signIn.busy")} submitting={submitting} />
      </Form>
      {loaderData.googleSignIn ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm text-muted">
        <Rich
          id="auth.signIn.noAccount"
          tags={{
            link: (text) => (
              <Link to={`/signup${redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="text-accent hover:underline">
                {text}
              </Link>
            ),
          }}
        />
      </p>
    </AuthCard>
  );
}
