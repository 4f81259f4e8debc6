import { prisma } from "./db.server";

/** How long a successful check answers for every health request: load never multiplies the checks. */
export const HEALTH_FRESH_MS = 2_000;
/** How long a check may take before it counts as a failure: well within Docker's 5 s health-check timeout. */
export const HEALTH_TIMEOUT_MS = 1_500;

let lastSuccessAt = -Infinity;
let inFlight: Promise<boolean> | undefined;

/**
 * Whether the database answers a trivial query: the health check's readiness. Cheap under load:
 * a success within HEALTH_FRESH_MS answers without a query, concurrent callers share one check,
 * and a check that does not answer within HEALTH_TIMEOUT_MS (a pool or queue full of work) is a
 * failure rather than a wait.
 */
export function isDatabaseReachable(): Promise<boolean> {
  if (performance.now() - lastSuccessAt < HEALTH_FRESH_MS) return Promise.resolve(true);
  inFlight ??= checkDatabase().finally(() => (inFlight = undefined));
  return inFlight;
}

async function checkDatabase() {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)));
  const answered = prisma().$queryRaw`SELECT 1`.then(() => true).catch(() => false);
  try {
    const reachable = await Promise.race([answered, timedOut]);
    if (reachable) lastSuccessAt = performance.now();
    return reachable;
  } finally {
    clearTimeout(timer);
  }
}

/** The health answer's status and body, for the route and for server.js. */
export async function healthAnswer() {
  return (await isDatabaseReachable()) ? { status: 200, body: { status: "ok" } } : { status: 503, body: { status: "unavailable" } };
}

/**
 * `GET /healthz` answered by Express before the app's middleware and React Router (server.js), so
 * a queue of page requests never delays Docker's health check.
 */
export async function answerHealthCheck(
  _request: unknown,
  response: { status(code: number): unknown; set(name: string, value: string): unknown; json(body: unknown): unknown },
) {
  const { status, body } = await healthAnswer();
  response.set("Cache-Control", "no-store");
  response.status(status);
  response.json(body);
}

/** Tests start from no remembered check. */
export function forgetHealthForTests() {
  lastSuccessAt = -Infinity;
  inFlight = undefined;
}
