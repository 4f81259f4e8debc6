// The fake fal (tests/fakes/fal-server.ts) and the fake S3 (tests/fakes/s3-server.ts) in one
// process of their own, for the scale-out rehearsal: every fal request takes BENCH_FAL_DURATION_MS
// and holds one image; the instances store what they make in the fake bucket. Prints
// {"falUrl", "jwksUrl", "falKey", "s3Endpoint"} on its first line.
import { startFakeFal } from "../../tests/fakes/fal-server";
import { startFakeS3 } from "../../tests/fakes/s3-server";

const fal = await startFakeFal();
fal.setDefaults({ durationMs: Number(process.env.BENCH_FAL_DURATION_MS ?? 2000) });
const s3 = await startFakeS3();
process.stdout.write(`${JSON.stringify({ falUrl: fal.url, jwksUrl: fal.jwksUrl, falKey: fal.key, s3Endpoint: s3.endpoint })}\n`);
const stop = () => void Promise.all([fal.close(), s3.close()]).then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("disconnect", stop);
