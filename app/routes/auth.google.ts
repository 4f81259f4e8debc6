import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/lib/auth-forms";
import { isGoogleConfigured, startGoogleSignIn } from "~/modules/auth/google.server";
import type { Route } from "./+types/auth.google";

/** "Continue with Google" posts here; the answer is a redirect to the provider. */
export async function action({ request }: Route.ActionArgs) {
  if (!isGoogleConfigured()) throw data("Not found", { status: 404 });
  const form = await request.formData().catch(() => null);
  return startGoogleSignIn(safeRedirectPath(form?.get("redirectTo")));
}

/** Starting a sign-in changes state, so a plain visit only leads to the sign-in page. */
export function loader() {
  if (!isGoogleConfigured()) throw data("Not found", { status: 404 });
  throw redirect("/login");
}
