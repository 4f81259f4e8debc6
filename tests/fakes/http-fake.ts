import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The HTTP plumbing the fake servers share (fal, OpenAI, Stripe, S3): start a handler on
 * 127.0.0.1, read a request's body, answer JSON, close. What each fake answers stays in its file.
 */
export type FakeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => unknown;

export type HttpFake = { server: http.Server; port: number; url: string; close(): Promise<void> };

/**
 * Serves `handle` on 127.0.0.1 at `port` (0: a free one; a fixed port lets a server started before
 * the test, such as Playwright's webServer, know where the fake is). A handler that throws, or a
 * client that sends garbage, loses its connection rather than the test run.
 */
export async function startHttpFake(handle: FakeHandler, { port = 0 }: { port?: number } = {}): Promise<HttpFake> {
  const server = http.createServer((request, response) => {
    Promise.resolve()
      .then(() => handle(request, response))
      .catch(() => response.destroy());
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    server,
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Clients keep connections alive (the Stripe SDK, a stalled stream): they must not hold the run open.
        server.closeAllConnections();
      }),
  };
}

/** The request's whole body. */
export async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The request's whole body as UTF-8 text. */
export const readText = async (request: http.IncomingMessage) => (await readBody(request)).toString("utf8");

/** Answers `body` as JSON with `status` (and any further headers). */
export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}
