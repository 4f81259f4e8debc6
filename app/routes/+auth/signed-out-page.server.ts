import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/auth-forms";
import { isGoogleConfigured } from "~/modules/auth/google.server";
import { getCurrentUser } from "~/modules/auth/login-session.server";

/**
 * The loader of Sign In and Create Account: a person already signed in goes on to where they were
 * headed (`redirectTo`); anyone else gets the page, told whether Google sign-in is offered.
 */
export async function loadSignedOutPage(request: Request, url: URL) {
  if (await getCurrentUser(request)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  return { googleSignIn: isGoogleConfigured() };
}
