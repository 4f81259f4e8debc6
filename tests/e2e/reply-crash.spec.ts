import { execFileSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { startFakeOpenAi, type FakeOpenAi } from "../fakes/openai-server";
import { signIn } from "./journeys";
import { exitCode, startServer, tempDir, waitUntilHealthy, type Server } from "./server-process";

// Decision 036: a reply holds its chat by a lease its instance renews while it writes.
test.describe.configure({ timeout: 240_000 });

const PERSON = { email: "crash.test@example.com", password: "crash test password" };
const COST = 20; // deepseek-v3's price in the starter catalogue

/** tests/e2e/crash-data.ts on the data folder, while no server runs on it. */
function crashData(dataDir: string, ...args: string[]) {
  const output = execFileSync(process.execPath, ["--experimental-wasm-modules", "--import", "tsx", "tests/e2e/crash-data.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  return JSON.parse(output.toString().trim().split("\n").at(-1)!);
}

/** Posts a message to the reply stream as the composer does; the response, whose body is the stream. */
function ask(server: Server, cookie: string, sessionId: string, message: string) {
  return fetch(`${server.url}/api/chat/${sessionId}/reply`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ message }),
  });
}

/** Reads a reply stream's events until `until` arrives (or the stream ends): their names, in order. */
async function readEvents(response: Response, until: string) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: string[] = [];
  let buffered = "";
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    buffered += next.value;
    for (const match of buffered.matchAll(/^event: (\w+)$/gm)) events.push(match[1]!);
    buffered = buffered.slice(buffered.lastIndexOf("\n\n") + 2);
    if (events.includes(until)) return { events, reader };
  }
  return { events, reader };
}

let fake: FakeOpenAi;
test.beforeAll(async () => {
  fake = await startFakeOpenAi();
});
test.afterAll(() => fake.close());

test("after the server dies in the middle of a reply, the chat takes a new message within 10 s and the reply's tokens come back once", async ({ browser }) => {
  const dataDir = tempDir();
  const { sessionId } = crashData(dataDir, "prepare", PERSON.email, PERSON.password);
  const env = { DATA_DIR: dataDir, NEBIUS_API_KEY: "nebius-crash-key", NEBIUS_BASE_URL: fake.url };

  const first = startServer(env);
  await waitUntilHealthy(first);
  const context = await browser.newContext({ baseURL: first.url });
  const page = await context.newPage();
  await signIn(page, PERSON.email, PERSON.password);
  await expect(page.getByLabel("Profile menu")).toBeVisible({ timeout: 20_000 });
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  await context.close();

  // A reply that stalls after its first words, as a long answer being written does.
  fake.nextReply({ text: "Once upon a time, in a lighthouse far away, there lived a keeper.", stallAfterChars: 9, stallMs: 120_000 });
  const streaming = await ask(first, cookie, sessionId, "Tell me a long story");
  expect(streaming.status).toBe(200);
  expect((await readEvents(streaming, "message")).events).toContain("message");
  // Past the reply's first lease renewal, whose commit makes the opening statement durable (decision 009).
  await sleep(3_500);
  first.process.kill("SIGKILL");
  await exitCode(first);

  const second = startServer(env);
  await waitUntilHealthy(second);
  const restarted = Date.now();
  // The crashed reply's lease runs out unrenewed: the ask waits for that, never told a reply is being written.
  const answered = await ask(second, cookie, sessionId, "Are you still there?");
  expect(answered.status).toBe(200);
  expect(Date.now() - restarted).toBeLessThan(10_000);
  const { events } = await readEvents(answered, "complete");
  expect([events[0], events.at(-1)]).toEqual(["user", "complete"]);

  // The crashed reply's reservation is released by the sweep once its lease and grace have run out.
  await expect.poll(() => tokensPage(second, cookie), { timeout: 90_000, intervals: [1_000] }).toContain("Refund: the request failed");
  await second.stop();
  const ledger = crashData(dataDir, "ledger", PERSON.email);
  expect(ledger.reservations.map((reservation: { status: string; finalCost: number }) => [reservation.status, reservation.finalCost])).toEqual([
    ["released", 0],
    ["settled", COST],
  ]);
  const crashed = ledger.reservations[0].id;
  const rowsOf = (id: string) =>
    ledger.rows
      .filter((row: { referenceId: string }) => row.referenceId === id)
      .map((row: Record<string, unknown>) => [row.transactionType, row.amount, row.description]);
  expect(rowsOf(crashed)).toEqual([
    ["deduct", COST, expect.stringMatching(/^Chat with /)],
    ["add", COST, "Refund: the request failed"],
  ]);
  expect(ledger.balance).toBe(500 - COST);
  const sum = ledger.rows.reduce(
    (total: number, row: { transactionType: string; amount: number }) => total + (row.transactionType === "add" ? row.amount : -row.amount),
    0,
  );
  expect(sum).toBe(ledger.balance);
});

/** The person's tokens page (their balance and latest token rows), as HTML. */
async function tokensPage(server: Server, cookie: string) {
  return (await fetch(`${server.url}/dashboard/tokens`, { headers: { Cookie: cookie } })).text();
}
