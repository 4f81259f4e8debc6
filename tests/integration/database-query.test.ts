import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { KEEP_PREPARED } from "~/modules/db/database.server";
import { database, prisma } from "~/modules/db/db.server";
import { isForeignKeyViolation } from "~/modules/db/sql.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

// Database.query runs a statement on the driver itself (pg or PGlite), kept prepared when marked.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());

const echo = (text: string, tags: string[], flag: boolean, missing: string | null) =>
  Prisma.sql`${Prisma.raw(KEEP_PREPARED)}
    SELECT ${text}::text AS text, ${tags}::text[] AS tags, cardinality(${tags}::text[]) AS count, ${flag}::boolean AS flag,
           ${missing}::text AS missing, '2026-01-02 03:04:05.678'::timestamp AS at, '{"a": [1]}'::jsonb AS doc`;

describe("a statement run on the driver", () => {
  test("takes text, arrays, booleans and nulls, and gives PostgreSQL's types back, timestamps as UTC", async () => {
    for (let run = 0; run < 3; run++) {
      const [row] = await database().query(echo(`it's "quoted", run ${run}`, ["a", 'b "c"', "d,e", "{f}"], run % 2 === 0, null));
      expect(row).toEqual({
        text: `it's "quoted", run ${run}`,
        tags: ["a", 'b "c"', "d,e", "{f}"],
        count: 4,
        flag: run % 2 === 0,
        missing: null,
        at: new Date("2026-01-02T03:04:05.678Z"),
        doc: { a: [1] },
      });
    }
  });

  test("a kept statement that fails on its first run is prepared anew and then works", async () => {
    const failing = (text: string) => Prisma.sql`${Prisma.raw(KEEP_PREPARED)} SELECT length(${text}::text) AS length, 'first' AS which`;
    await expect(database().query(failing("nul \u0000 inside"))).rejects.toThrow('invalid byte sequence for encoding "UTF8": 0x00');
    expect(await database().query(failing("fine"))).toEqual([{ length: 4, which: "first" }]);
    await expect(database().query(failing("again \u0000"))).rejects.toThrow('invalid byte sequence for encoding "UTF8": 0x00');
    expect(await database().query(failing("still fine"))).toEqual([{ length: 10, which: "first" }]);
  });
});

describe("a row that another request deleted", () => {
  test("is told apart from other failures, through Prisma and on the driver", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    const orphan = prisma().$queryRaw`INSERT INTO chat_messages (id, session_id, sender_type, sender_id, user_id, message)
      VALUES (gen_random_uuid(), ${gone}::uuid, 'agent', ${gone}::uuid, ${gone}::uuid, 'Hello') RETURNING id`;
    const failure = await orphan.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isForeignKeyViolation(failure)).toBe(true);
    const other = await prisma().$queryRaw`SELECT 1 / 0`.then(
      () => null,
      (error: unknown) => error,
    );
    expect(other).not.toBeNull();
    expect(isForeignKeyViolation(other)).toBe(false);
  });
});
