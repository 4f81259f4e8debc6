// The fake fal (tests/fakes/fal-server.ts) in its own process for the media jobs benchmark:
// every request takes BENCH_FAL_DURATION_MS and holds one image. Prints its URL on the first line.
import { startFakeFal } from "../../tests/fakes/fal-server";

const fal = await startFakeFal();
fal.setDefaults({ durationMs: Number(process.env.BENCH_FAL_DURATION_MS ?? 2000) });
process.stdout.write(`${JSON.stringify({ url: fal.url, jwksUrl: fal.jwksUrl, key: fal.key })}\n`);
process.on("SIGTERM", () => void fal.close().then(() => process.exit(0)));
