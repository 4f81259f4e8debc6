import { Prisma } from "~/generated/prisma/client";
import type { Runner } from "~/modules/tokens/ledger.server";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { NOW } from "./job-sql.server";
import type { FinishingJob } from "./outcomes/outcome.server";

/**
 * Which due media jobs a worker takes, and in what order (decisions 018 and 033). Each person has
 * at most MEDIA_JOBS_PER_PERSON jobs running at once across all instances; their other jobs wait
 * their turn. Jobs take turns: every person's first free place before anyone's second, the jobs of
 * plans with priority first within a turn, then the one waiting longest. Claims are serialised by
 * one transaction-scoped advisory lock, so two instances never both see a person's free place.
 */

/** How many media jobs one person may have running at once, across every instance. */
export const MEDIA_JOBS_PER_PERSON = 3;

/** The advisory lock every instance's claim takes for its transaction (an arbitrary number of our own). */
const CLAIM_LOCK = 3_318_033;

export type ClaimedJob = FinishingJob & {
  status: "queued" | "submitted";
  mode: string;
  chatModel: string;
  aiPlatform: string;
  modelId: string;
  providerRequestId: string | null;
  sourceUploadId: string | null;
  attempts: number;
  deadlineAt: Date;
  /** The model's own address and key, read with the claim so a step needs no second look. */
  apiUrl: string | null;
  apiKey: string | null;
};

const CLAIMED_COLUMNS = Prisma.sql`j.id::text AS id, j.user_id::text AS "userId", j.request_id AS "requestId", j.prompt, j.settings,
  j.cost_unit AS "costUnit", j.unit_cost AS "unitCost", j.cost_tokens AS "costTokens", j.character_id::text AS "characterId",
  j.chat_session_id::text AS "chatSessionId", j.chat_message_id::text AS "chatMessageId", j.status::text AS status, j.mode,
  j.chat_model AS "chatModel", j.ai_platform AS "aiPlatform", j.model_id AS "modelId", j.provider_request_id AS "providerRequestId",
  j.source_upload_id::text AS "sourceUploadId", j.attempts, j.deadline_at AS "deadlineAt", j.sets_avatar AS "setsAvatar",
  (SELECT m.api_url FROM chat_models m WHERE m.chat_model = j.chat_model) AS "apiUrl",
  (SELECT m.api_key FROM chat_models m WHERE m.chat_model = j.chat_model) AS "apiKey"`;

/**
 * Claims up to `limit` due jobs for this instance, each taken by one instance only, for the lease.
 * A submitted job's check is always due its turn (it already holds its place); a waiting job is
 * taken only while its person has a free place, and from then on it is timed by
 * MEDIA_JOB_TIMEOUT_SECONDS. A job past its deadline is taken whatever its turn, to be given up.
 */
export async function claimDueJobs(limit: number): Promise<ClaimedJob[]> {
  // Idle, a tick costs one indexed look, without the lock.
  if (!(await anyJobDue())) return [];
  return prisma().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CLAIM_LOCK}::bigint)`;
    return claimInTurn(tx, limit);
  });
}

async function anyJobDue() {
  const rows = await prisma().$queryRaw<unknown[]>`
    SELECT 1 FROM media_jobs
    WHERE status IN ('queued', 'submitted') AND next_check_at <= ${NOW} AND (claimed_until IS NULL OR claimed_until <= ${NOW}) LIMIT 1`;
  return rows.length > 0;
}

async function claimInTurn(tx: Runner, limit: number) {
  const { MEDIA_JOB_LEASE_SECONDS: lease, MEDIA_JOB_TIMEOUT_SECONDS: timeout } = env();
  return tx.$queryRaw<ClaimedJob[]>`
    WITH running AS (
      SELECT user_id, count(*)::int AS places FROM media_jobs
      WHERE status = 'submitted' OR (status = 'queued' AND claimed_until > ${NOW})
      GROUP BY user_id
    ), due AS (
      SELECT id, user_id, status, priority, next_check_at, deadline_at FROM media_jobs
      WHERE status IN ('queued', 'submitted') AND next_check_at <= ${NOW} AND (claimed_until IS NULL OR claimed_until <= ${NOW})
    ), turns AS (
      SELECT id, priority, next_check_at, 0::bigint AS turn FROM due WHERE status = 'submitted' OR deadline_at <= ${NOW}
      UNION ALL
      SELECT d.id, d.priority, d.next_check_at,
             COALESCE(r.places, 0) + row_number() OVER (PARTITION BY d.user_id ORDER BY d.next_check_at, d.id) AS turn
      FROM due d LEFT JOIN running r ON r.user_id = d.user_id
      WHERE d.status = 'queued' AND d.deadline_at > ${NOW}
    ), taken AS (
      SELECT j.id FROM media_jobs j JOIN turns t ON t.id = j.id
      -- Repeated on the row itself, so that a job ended or let go since the turns were counted is checked again when it is locked.
      WHERE t.turn <= ${MEDIA_JOBS_PER_PERSON} AND j.status IN ('queued', 'submitted') AND j.next_check_at <= ${NOW}
        AND (j.claimed_until IS NULL OR j.claimed_until <= ${NOW})
      ORDER BY t.turn, t.priority DESC, t.next_check_at, j.id
      LIMIT ${limit} FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE media_jobs j SET claimed_until = ${NOW} + ${lease} * interval '1 second', next_check_at = ${NOW} + ${lease} * interval '1 second',
           nudged = false, attempts = j.attempts + 1,
           deadline_at = CASE WHEN j.status = 'queued' AND j.attempts = 0 AND j.deadline_at > ${NOW}
                              THEN ${NOW} + ${timeout} * interval '1 second' ELSE j.deadline_at END
    FROM taken WHERE j.id = taken.id
    RETURNING ${CLAIMED_COLUMNS}`;
}

/**
 * Claims the one submitted job whose provider request a webhook has just said is finished, for
 * the instance that received it: the same lease as a worker's claim, so no other instance takes it
 * meanwhile. No turn is counted (a submitted job already holds its place), so no lock is taken.
 * Null when no running job has that request id, or another instance holds it right now.
 */
export async function claimNotifiedJob(providerRequestId: string): Promise<ClaimedJob | null> {
  const { MEDIA_JOB_LEASE_SECONDS: lease } = env();
  const [job] = await prisma().$queryRaw<ClaimedJob[]>`
    UPDATE media_jobs j SET claimed_until = ${NOW} + ${lease} * interval '1 second', next_check_at = ${NOW} + ${lease} * interval '1 second',
           nudged = false, attempts = j.attempts + 1
    WHERE j.provider_request_id = ${providerRequestId} AND j.status = 'submitted' AND (j.claimed_until IS NULL OR j.claimed_until <= ${NOW})
    RETURNING ${CLAIMED_COLUMNS}`;
  return job ?? null;
}
