import { exportAccountData } from "~/modules/account/data-export.server";
import { requireUser } from "~/modules/auth/login-session.server";
import { redirectWithToast } from "~/modules/http/errors.server";
import { RateLimitedError } from "~/modules/security/rate-limit.server";
import type { Route } from "./+types/settings.data";

/** Settings' "Download my data": the signed-in person's own data as a zip, streamed as it is written. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  let download;
  try {
    download = await exportAccountData(user.id);
  } catch (error) {
    // A person follows this link from Settings: they are taken back there with the reason, not shown JSON.
    if (error instanceof RateLimitedError) return redirectWithToast("/dashboard/settings", "too-many-downloads", { headers: error.headers });
    throw error;
  }
  return new Response(download.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${download.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
