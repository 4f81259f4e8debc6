import { healthAnswer } from "~/modules/db/health.server";

/** Liveness and readiness: 200 when the database answers, 503 when it does not (server.js answers GET before React Router). */
export async function loader() {
  const { status, body } = await healthAnswer();
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
