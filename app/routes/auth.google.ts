import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/lib/auth-forms";
import { z } from "zod";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { isGoogleConfigured, startGoogleSignIn } from "~/modules/auth/google.server";
import { errorResponse, isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { BodyTooLargeError, parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/auth.google";

/** Where to go once signed in. */
const googleForm = z.object({ redirectTo: z.string().optional() });

/** "Continue with Google" posts here; the answer is a redirect to the provider. */
export async function action({ request }: Route.ActionArgs) {
  if (!isGoogleConfigured()) throw data("Not found", { status: 404 });
  try {
    // A body that is not a form starts the flow all the same, towards the default page.
    const form = await parseForm(request, googleForm, ACCOUNT_FORM).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) throw error;
      return { redirectTo: undefined };
    });
    const { location, cookies } = await startGoogleSignIn(safeRedirectPath(form.redirectTo));
    return redirect(location, { headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) });
  } catch (error) {
    if (isAppError(error)) return errorResponse(error);
    // The provider's sign-in could not start (its settings are wrong): the spec's Google failure, not a 500.
    logger.error({ err: error }, "Google sign-in could not start");
    return redirectWithToast("/login", "google-failed");
  }
}

/** Starting a sign-in changes state, so a plain visit only leads to the sign-in page. */
export function loader() {
  if (!isGoogleConfigured()) throw data("Not found", { status: 404 });
  throw redirect("/login");
}
