import { Form, Link, redirect } from "react-router";
import { AuthCard, FormAlert, FormField } from "~/components/auth-card";
import { verifyEmail } from "~/modules/auth/accounts.server";
import type { Route } from "./+types/verify-email";

export function meta() {
  return [{ title: "Confirm e-mail · CharacterVerse" }];
}

/** The mailed link: confirms the account once, then the person signs in. */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const verified = await verifyEmail(token);
  if (verified) throw redirect("/login?verified=1", { headers: { "Cache-Control": "no-store" } });
  return null;
}

export default function VerifyEmail() {
  return (
    <AuthCard title="Link not valid">
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">This confirmation link is invalid, has expired or was already used.</FormAlert>
        <p className="text-sm text-muted">Enter your e-mail and we will send a new link if the account still needs confirming.</p>
        <Form method="post" action="/signup" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="resend" />
          <FormField label="Email" name="email" type="email" autoComplete="email" required />
          <button type="submit" className="btn-primary">
            Send a new link
          </button>
        </Form>
        <Link to="/login" className="text-center text-sm text-accent hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
