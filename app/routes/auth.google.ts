import { data, redirect } from "react-router";
import { authTexts, safeRedirectPath } from "~/lib/auth-forms";
import { readAccountForm } from "~/modules/auth/account-form.server";
import { isGoogleConfigured, startGoogleSignIn } from "~/modules/auth/google.server";
import type { Route } from "./+types/auth.google";

/** "Continue with Google" posts here; the answer is a redirect to the provider. */
export async function action({ request }: Route.ActionArgs) {
  if (!isGoogleConfigured()) throw data("Not found", { status: 404 });
  // A body that is not a form starts the flow all the same, towards the default page.
  const form = await readAccountForm(request).catch(() => new FormData());
  if (!form) throw data(authTexts.formTooLarge, { status: 413 });
  return startGoogleSignIn(safeRedirectPath(form.get("redirectTo")));
}

/** Starting a sign-in changes state, so a plain visit only leads to the sign-in page. */
export function loader() {
  if (!isGoogleConfigured()) throw data("Not found", { status: 404 });
  throw redirect("/login");
}
