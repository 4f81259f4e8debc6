import { LoaderCircle } from "lucide-react";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { finishGoogleSignIn } from "~/modules/auth/google.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { browserLanguage } from "~/modules/i18n/request.server";
import type { Route } from "./+types/auth.callback";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.callback.meta.title");

/** Where the identity provider sends the person back: always a redirect with the spec's toast (signed in, or which side failed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // An account this sign-in creates keeps the language the person came in with.
  const { failure, returnTo, cookies } = await finishGoogleSignIn(request, context.clientIp ?? null, browserLanguage(request));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  throw redirectWithToast(returnTo, failure ?? "signed-in", { headers });
}

export default function AuthCallback() {
  const t = useT();
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted">
      <LoaderCircle className="size-8 animate-spin text-accent" aria-hidden="true" />
      <p>{t("auth.callback.completing")}</p>
    </div>
  );
}
