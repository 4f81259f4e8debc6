import { prisma } from "./db.server";

/** Whether the database answers a trivial query: the health check's readiness. */
export async function isDatabaseReachable() {
  try {
    await prisma().$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}
