import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard, SignInSubmit } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { GoogleButton } from "~/components/google-button";
import { authTexts, safeRedirectPath } from "~/lib/auth-forms";
import { signInWithPassword } from "~/modules/auth/sign-in.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { loadSignedOutPage } from "./+auth/signed-out-page.server";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "Sign In · CharacterVerse" }];
}

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
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to chat with your characters.">
      <Form method="post" className="flex flex-col gap-4">
        {searchParams.get("reset") ? <FormAlert tone="success">{authTexts.passwordChanged}</FormAlert> : null}
        {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <SignInSubmit label="Sign In" busyLabel="Signing in…" submitting={submitting} />
      </Form>
      {loaderData.googleSignIn ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm text-muted">
        Don't have an account?{" "}
        <Link to={`/signup${redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="text-accent hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
