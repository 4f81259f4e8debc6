// An app instance reduced to its thumbnails, for the two-instance test: on the database
// DATABASE_URL names and the storage under DATA_DIR, it prints "ready", waits for a line on its
// input, asks for the 300 px thumbnail of uploads/<path> <count> times at once, and prints one
// JSON line: how many thumbnails it wrote to storage (its renders) and the SHA-256 of each answer.
import { createHash } from "node:crypto";
import path from "node:path";
import { once } from "node:events";
import { env } from "../../app/modules/config/env.server";
import { database } from "../../app/modules/db/db.server";
import { localDiskDriver } from "../../app/modules/storage/drivers.server";
import { contentTypeForPath } from "../../app/modules/storage/paths";
import { getObject, useStorageDriverForTests } from "../../app/modules/storage/storage.server";
import { thumbnailOf } from "../../app/modules/storage/thumbnail.server";

const [objectPath, count] = process.argv.slice(2);
const disk = localDiskDriver(path.join(env().DATA_DIR, "storage"), contentTypeForPath);
let renders = 0;
useStorageDriverForTests({
  ...disk,
  async put(bucket, key, body, contentType) {
    if (bucket === "thumbnails") renders++;
    await disk.put(bucket, key, body, contentType);
  },
});

const object = (await getObject("uploads", objectPath!))!;
await database().prisma.$queryRaw`SELECT 1`;
process.stdout.write("ready\n");
await once(process.stdin, "data");
const answers = await Promise.all(Array.from({ length: Number(count) }, () => thumbnailOf({ bucket: "uploads", objectPath: objectPath!, object }, 300)));
process.stdout.write(`${JSON.stringify({ renders, digests: answers.map((answer) => createHash("sha256").update(answer).digest("hex")) })}\n`);
await database().close();
process.exit(0);
