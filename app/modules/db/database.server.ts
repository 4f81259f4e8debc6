import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse as pgliteParse, PGlite, protocol, types as pgliteTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { logger } from "~/modules/logging/logger.server";

/** Raw SQL access for what Prisma does not do: migrations, advisory locks, LISTEN/NOTIFY. */
export type SqlRunner = {
  /** Runs one or more statements with no parameters. */
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
};

export type Database = {
  kind: "postgres" | "pglite";
  prisma: PrismaClient;
  /**
   * Runs `work` while holding the migration lock on one connection. On PostgreSQL this is the
   * advisory lock `prisma migrate` itself takes, so instances starting together wait in turn.
   */
  withMigrationLock<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Runs one statement on the driver itself, without Prisma's work around each query (about
   * 0.8 ms of a statement's 2.6 ms after a pause, measured for a chat reply's opening one): for
   * the few statements a person waits on before anything else can happen. Rows come as
   * PostgreSQL types them: json parsed, integers as numbers, timestamps as UTC Dates.
   */
  query<Row>(statement: Prisma.Sql): Promise<Row[]>;
  /**
   * LISTEN on a channel: `onNotify` gets every NOTIFY payload, from any instance on this
   * database. Resolves to a function that stops listening. `onListeningAgain`: the connection was
   * lost and listens again, so payloads sent meanwhile were missed (PostgreSQL; PGlite's LISTEN is
   * in process and is never lost).
   */
  listen(channel: string, onNotify: (payload: string) => void, onListeningAgain?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const RELISTEN_DELAY_MS = 1000;

/**
 * The catalogue sits in memory or on SSD, where random reads cost about what sequential ones do.
 * PostgreSQL's default (4) makes the planner scan every character instead of using the trigram
 * index for a search; 1.1 is the usual setting for such storage.
 */
const PLANNER_SETTINGS = { random_page_cost: "1.1" };

/** The key Prisma Migrate uses for pg_advisory_lock, so our runner and `prisma migrate deploy` exclude each other. */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

export type DatabaseOptions = { kind: "postgres"; url: string; poolSize?: number } | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

export function openDatabase(options: DatabaseOptions): Database {
  return options.kind === "postgres" ? openPostgres(options.url, options.poolSize) : openPGlite(options.dataDir, options.loadDataDir);
}

function openPostgres(url: string, poolSize = 10): Database {
  const options = Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    async query<Row>(statement: Prisma.Sql) {
      const name = statement.sql.startsWith(KEEP_PREPARED) ? preparedName(statement) : undefined;
      const result = await pool.query({ name, text: statement.text, values: statement.values, types: { getTypeParser: pgTypeParser } });
      return result.rows as Row[];
    },
    async withMigrationLock(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
        try {
          return await work(pgRunner(client));
        } finally {
          // A failed unlock must not hide the work's own error; ending the connection frees the lock.
          await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK_KEY]).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify, onListeningAgain) => listenOnPostgres(url, channel, onNotify, onListeningAgain),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * A dedicated connection outside the pool (a LISTEN belongs to its session). When it drops, it
 * reconnects and listens again after a second; notifications sent meanwhile are lost, so
 * `onListeningAgain` is called once it listens again, for callers to tell their clients to catch
 * up from the database.
 */
async function listenOnPostgres(url: string, channel: string, onNotify: (payload: string) => void, onListeningAgain = () => {}) {
  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    next.on("error", (error) => {
      logger.warn({ err: error, channel }, "lost the LISTEN connection; reconnecting");
      next.end().catch(() => {});
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  // Keeps trying, a second apart, until the database answers again (or listening stops).
  const reconnectLater = () => {
    if (stopped) return;
    setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => {
          logger.info({ channel }, "listening again");
          onListeningAgain();
        },
        (error: Error) => {
          logger.warn({ err: error, channel }, "could not LISTEN again; retrying");
          reconnectLater();
        },
      );
    }, RELISTEN_DELAY_MS).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/**
 * Starts a statement for Database.query that stays prepared on each PostgreSQL connection, so
 * the server parses it once per connection and, after a few runs, reuses its plan: for a hot,
 * complex statement (a chat reply's opening one plans for longer than it runs). Others are not
 * kept, so what each connection holds stays small.
 */
export const KEEP_PREPARED = "/* keep prepared */";

/** `timestamp` columns hold UTC (the schema's convention), so they are read as UTC whatever the server's time zone. */
const TIMESTAMP_OID = 1114;
const utcTimestamp = (value: string) => new Date(`${value.replace(" ", "T")}Z`);

function preparedName(statement: Prisma.Sql) {
  return `cv_${createHash("sha1").update(statement.text).digest("hex")}`;
}

/**
 * A KEEP_PREPARED statement on PGlite. PGlite's `query` parses, describes and plans each statement
 * anew (in WebAssembly: 2.9 ms for a chat reply's opening statement) and has no named statements,
 * so this speaks the wire protocol to it as `query` does, taking the same locks: Parse once per
 * database under the statement's name, then Bind, Describe, Execute and Sync.
 */
async function queryPreparedOnPGlite<Row>(pglite: PGlite, prepared: Set<string>, statement: Prisma.Sql): Promise<Row[]> {
  const name = preparedName(statement);
  const { serialize } = protocol;
  return pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      const parsing = !prepared.has(name);
      const messages = [
        ...(parsing ? [serialize.parse({ name, text: statement.text, types: [] })] : []),
        serialize.bind({ statement: name, values: statement.values.map(asParameterText) }),
        serialize.describe({ type: "P" }),
        serialize.execute(),
        serialize.sync(),
      ];
      let result;
      try {
        result = await pglite.execProtocol(Buffer.concat(messages));
      } catch (error) {
        // A Parse that succeeded before a later step failed left the statement behind: close it
        // (closing a statement that does not exist is no error), so the next call parses anew.
        if (parsing) await pglite.execProtocol(Buffer.concat([serialize.close({ type: "S", name }), serialize.sync()])).catch(() => undefined);
        throw error;
      }
      prepared.add(name);
      if (!pglite.isInTransaction()) await pglite.syncToFs();
      return pgliteParse.parseResults(result.messages, pglite.parsers, { parsers: { [TIMESTAMP_OID]: utcTimestamp } })[0]!.rows as Row[];
    }),
  );
}

/** A parameter in PostgreSQL's text form, as PGlite's `query` would send it. */
function asParameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return pgliteTypes.arraySerializer(value, undefined, 0);
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function pgTypeParser(oid: number, format?: "text" | "binary") {
  return oid === TIMESTAMP_OID ? utcTimestamp : pg.types.getTypeParser(oid, format);
}

function pgRunner(client: pg.PoolClient): SqlRunner {
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query(sql, params = []) {
      return (await client.query(sql, params)).rows;
    },
  };
}

/** `loadDataDir`: start from a dumped data folder (PGlite's dumpDataDir) instead of an empty one. */
function openPGlite(dataDir?: string, loadDataDir?: Blob): Database {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // "memory://" rather than undefined: PGlite ignores the options object when the first argument is undefined.
  const pglite = new PGlite(dataDir ?? "memory://", { extensions: { pg_trgm }, loadDataDir });
  // PGlite has one session for the whole process, so a SET applies to every later query.
  pglite
    .exec(
      Object.entries(PLANNER_SETTINGS)
        .map(([name, value]) => `SET ${name} = ${value};`)
        .join(""),
    )
    .catch((error) => logger.warn({ err: error }, "could not apply planner settings"));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const preparedOnPGlite = new Set<string>();
  const runner: SqlRunner = {
    async exec(sql) {
      await pglite.exec(sql);
    },
    async query(sql, params = []) {
      return (await pglite.query(sql, params)).rows as never[];
    },
  };
  return {
    kind: "pglite",
    prisma,
    async query<Row>(statement: Prisma.Sql) {
      if (!statement.sql.startsWith(KEEP_PREPARED))
        return (await pglite.query<Row>(statement.text, statement.values, { parsers: { [TIMESTAMP_OID]: utcTimestamp } })).rows;
      return queryPreparedOnPGlite<Row>(pglite, preparedOnPGlite, statement);
    },
    // PGlite lives inside this one process: there is nobody else to exclude.
    withMigrationLock: (work) => work(runner),
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, onNotify);
      return () => unlisten();
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
