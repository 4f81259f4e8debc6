import { LoaderCircle } from "lucide-react";
import { finishGoogleSignIn } from "~/modules/auth/google.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import type { Route } from "./+types/auth.callback";

export function meta() {
  return [{ title: "Signing in · CharacterVerse" }];
}

/** Where the identity provider sends the person back: always a redirect with the spec's toast (signed in, or which side failed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { failure, returnTo, cookies } = await finishGoogleSignIn(request, context.clientIp ?? null);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  throw redirectWithToast(returnTo, failure ?? "signed-in", { headers });
}

export default function AuthCallback() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted">
      <LoaderCircle className="size-8 animate-spin text-accent" aria-hidden="true" />
      <p>Completing sign in...</p>
    </div>
  );
}
