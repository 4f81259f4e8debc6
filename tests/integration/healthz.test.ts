import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/modules/db/db.server";
import { answerHealthCheck, forgetHealthForTests, HEALTH_TIMEOUT_MS } from "~/modules/db/health.server";
import { loader } from "~/routes/api/healthz";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";

databaseEmptiedBeforeEachTest();
beforeEach(() => forgetHealthForTests());
afterEach(() => vi.restoreAllMocks());

describe("/healthz stays cheap under load", () => {
  it("a burst of health checks costs one database query", async () => {
    const queries = vi.spyOn(prisma(), "$queryRaw");
    const answers = await Promise.all(Array.from({ length: 50 }, () => loader()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect((await loader()).status).toBe(200);
    expect(queries).toHaveBeenCalledTimes(1);
  });

  it("a database that does not answer gets 503 within the check's timeout, not a wait past Docker's 5 s", async () => {
    vi.spyOn(prisma(), "$queryRaw").mockReturnValue(new Promise(() => {}) as never);
    const started = performance.now();
    const answer = await loader();
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: "unavailable" });
    expect(performance.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
  });

  it("server.js answers it in Express directly, uncached by browsers", async () => {
    const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
    await answerHealthCheck(
      {},
      {
        status: (code: number) => (sent.status = code),
        set: (name: string, value: string) => (sent.headers[name] = value),
        json: (body: unknown) => (sent.body = body),
      },
    );
    expect(sent).toEqual({ status: 200, headers: { "Cache-Control": "no-store" }, body: { status: "ok" } });
  });
});
