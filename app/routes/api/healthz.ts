import { isDatabaseReachable } from "~/modules/db/health.server";

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (await isDatabaseReachable()) return Response.json({ status: "ok" }, { headers });
  return Response.json({ status: "unavailable" }, { status: 503, headers });
}
