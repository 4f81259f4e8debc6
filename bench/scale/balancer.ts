// The scale-out rehearsal's load balancer (bench/scale/run.ts): node:http, round robin over the
// app instances, no sticky sessions, and responses piped through as they arrive, so Server-Sent
// Events (a chat reply, a live feed) reach the client word by word. It appends the caller's address
// to X-Forwarded-For, as a proxy in production does (the instances trust it: TRUST_PROXY=loopback).
//
// A request may name its instance with `x-bench-instance: <index>` (the benchmark does, to hold a
// person's live feed on another instance than the one serving their reply); every other request
// goes to the next instance in turn. Each response says which instance served it in
// `x-bench-instance`. GET /_balancer/stats answers what went where.
//
// Run on its own (the benchmark does this, so the balancer has its own process and event loop):
//   BALANCER_BACKENDS=http://127.0.0.1:3500,http://127.0.0.1:3501 node --import tsx bench/scale/balancer.ts
// Environment: BALANCER_BACKENDS (comma-separated), BALANCER_PORT (0 = any free port).
// It prints one JSON line, {"url": "http://127.0.0.1:<port>"}, once it listens.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export type BalancerStats = {
  /** requests sent to each instance, by index */
  perInstance: number[];
  /** fal webhook deliveries per instance, and the statuses they were answered with */
  webhooksPerInstance: number[];
  webhookStatuses: Record<string, number>;
  /** requests answered 502 because the instance could not be reached, and why */
  failed: number;
  errors: Record<string, number>;
};

export async function startBalancer(backends: string[], port = 0) {
  const targets = backends.map((backend) => new URL(backend));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const stats: BalancerStats = {
    perInstance: targets.map(() => 0),
    webhooksPerInstance: targets.map(() => 0),
    webhookStatuses: {},
    failed: 0,
    errors: {},
  };
  let next = 0;

  const server = http.createServer((req, res) => {
    if (req.url === "/_balancer/stats") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(stats));
    }
    const pinned = Number(req.headers["x-bench-instance"]);
    const index = Number.isInteger(pinned) && pinned >= 0 ? pinned % targets.length : next++ % targets.length;
    const target = targets[index]!;
    stats.perInstance[index]!++;
    const webhook = req.url?.startsWith("/api/webhooks/fal") ?? false;
    if (webhook) stats.webhooksPerInstance[index]!++;

    const headers = { ...req.headers };
    delete headers["x-bench-instance"];
    const peer = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${String(headers["x-forwarded-for"])}, ${peer}` : peer;
    headers["x-forwarded-proto"] = "http";

    // The request's body is read whole first (the benchmark's are small forms), so that a request
    // sent on a kept-alive connection the instance has just closed can be sent again, once.
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    req.on("end", () => send(Buffer.concat(body), 0));

    function send(payload: Buffer, attempt: number) {
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
        if (webhook) stats.webhookStatuses[String(answer.statusCode)] = (stats.webhookStatuses[String(answer.statusCode)] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-bench-instance": String(index) });
        // Headers out at once: an event stream's first bytes may be a while coming.
        res.flushHeaders();
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (upstream.reusedSocket && error.code === "ECONNRESET" && attempt === 0 && !res.headersSent) return send(payload, 1);
        stats.failed++;
        stats.errors[error.code ?? error.message] = (stats.errors[error.code ?? error.message] ?? 0) + 1;
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway");
        else res.destroy();
      });
      // The client went away (a feed closed, a stream stopped): so does the request to the instance.
      res.on("close", () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.end(payload);
    }
  });
  server.on("connection", (socket) => socket.setNoDelay(true));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const backends = (process.env.BALANCER_BACKENDS ?? "").split(",").filter(Boolean);
  if (backends.length === 0) throw new Error("BALANCER_BACKENDS names no instance");
  const balancer = await startBalancer(backends, Number(process.env.BALANCER_PORT ?? 0));
  process.stdout.write(`${JSON.stringify({ url: balancer.url })}\n`);
  const stop = () => void balancer.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Started by the benchmark with an IPC channel: when the benchmark dies, however it dies, so does this.
  process.on("disconnect", stop);
}
