// The client address the per-address limits count, on the production server as a self-hoster
// starts it: without TRUST_PROXY no X-Forwarded-For is believed, so a client that makes one up for
// every request still runs into the limit of its real address.
import { expect, test } from "@playwright/test";
import { startServer, tempDir, waitUntilHealthy } from "./server-process";

test.describe.configure({ timeout: 240_000 });

test("sign-in guesses with a new X-Forwarded-For each are still limited per address when TRUST_PROXY is not set", async () => {
  const server = startServer({ DATA_DIR: tempDir() });
  try {
    await waitUntilHealthy(server);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 50 && !statuses.includes(429); attempt++) {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `203.0.113.${attempt}` },
        // A new account each time: only the per-address count can stop these.
        body: new URLSearchParams({ email: `guess${attempt}@example.com`, password: "not the password" }),
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 400)).toBe(true);
  } finally {
    await server.stop();
  }
});
