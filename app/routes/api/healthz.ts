import { prisma } from "~/modules/db/db.server";

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export async function loader() {
  try {
    await prisma().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
