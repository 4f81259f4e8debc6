import { confirmationLink } from "~/modules/auth/accounts.server";
import { signInWithPassword } from "~/modules/auth/sign-in.server";
import { isAppError } from "~/modules/http/errors.server";
import { person } from "./person";

/** An active, confirmed account that signs in with `password` (Ada's, unless told otherwise). */
export function confirmedAccount(email = "ada@example.com", password = "lovelace1") {
  return person({ email, password, name: email.split("@")[0] });
}

/** A confirmation link followed and its sign-up's password given, as the link's page does it: the confirmed account, or null. */
export async function confirmEmail(token: string, password: string) {
  return (await confirmationLink(token))?.confirm(password) ?? null;
}

/** A password sign-in as the login form's caller sees it: the new session, or the refusal's status and text. */
export async function signInAnswer(request: Request, clientIp: string | undefined) {
  try {
    return { ok: true as const, ...(await signInWithPassword(request, clientIp)) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false as const, status: error.status, error: error.message };
  }
}

/** The login form posted with this e-mail and password, from `clientIp`: signInAnswer's answer. */
export function signInWith(email: string, password: string, clientIp: string) {
  const form = new URLSearchParams({ email, password });
  return signInAnswer(
    new Request("http://localhost/login", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
    clientIp,
  );
}
