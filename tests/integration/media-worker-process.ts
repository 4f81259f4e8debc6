// An app process reduced to its media worker, for the restart and two-instance tests: it opens
// the database the environment names (DATABASE_URL, else PGlite in DATA_DIR) and runs the worker.
// `<jobId> submitted`: prints one JSON line when the job has been submitted, then runs until killed.
// `<jobId> ended`: prints one when the job has ended, then stops and exits.
// `all ended`: prints its worker's figures once no job is left running, then stops and exits.
import { setTimeout as sleep } from "node:timers/promises";
import { database, prisma } from "../../app/modules/db/db.server";
import { mediaWorkerStats, startMediaWorker } from "../../app/modules/media/worker.server";

const [jobId, until] = process.argv.slice(2);
const stop = startMediaWorker();

async function reached() {
  if (jobId === "all") return (await prisma().mediaJob.count({ where: { status: { in: ["queued", "submitted"] } } })) === 0 ? "ended" : null;
  const job = await prisma().mediaJob.findUnique({ where: { id: jobId! }, select: { status: true } });
  if (until === "submitted") return job?.status === "submitted" ? job.status : null;
  return job && job.status !== "queued" && job.status !== "submitted" ? job.status : null;
}

for (;;) {
  const status = await reached();
  if (status) {
    process.stdout.write(`${JSON.stringify({ status, ...mediaWorkerStats() })}\n`);
    if (until === "ended") {
      await stop();
      await database().close();
      process.exit(0);
    }
    break;
  }
  await sleep(20);
}
