import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { readFormWithin } from "~/modules/http/form.server";
import { eventStream } from "~/modules/http/sse.server";
import { BUFFERED_BODY_MAX_BYTES, nodeRequestHandler } from "./node-adapter.server";

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** An Express app whose every request goes through the adapter to `handle`, the way server.js wires React Router. */
async function serve(handle: (request: Request) => Promise<Response>, before?: (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void) {
  const app = express();
  if (before) app.use(before);
  app.all(
    "/{*path}",
    nodeRequestHandler(handle, (req) => ({ clientIp: req.ip })),
  );
  app.use((error: Error, _req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    res.status(500).send(`handled: ${error.message}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** A raw GET, for what fetch hides: repeated headers and a path with two leading slashes. */
function rawGet(origin: string, path: string) {
  return new Promise<http.IncomingMessage & { text: string }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(Object.assign(response, { text })));
      })
      .on("error", reject);
  });
}

describe("the Express adapter in front of React Router", () => {
  it("hands a posted form over whole, with its method, URL and headers", async () => {
    const origin = await serve(async (request) =>
      Response.json({ method: request.method, url: request.url, type: request.headers.get("content-type"), body: await request.text() }),
    );
    const response = await fetch(`${origin}/api/chat/abc/reply?x=1`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "a=1; b=2" },
      body: "message=Hello+there",
    });
    expect(await response.json()).toEqual({
      method: "POST",
      url: `${origin}/api/chat/abc/reply?x=1`,
      type: "application/x-www-form-urlencoded",
      body: "message=Hello+there",
    });
  });

  it("streams a body larger than the buffered limit to the handler, byte for byte", async () => {
    const origin = await serve(async (request) => new Response(String((await request.arrayBuffer()).byteLength)));
    const size = BUFFERED_BODY_MAX_BYTES * 3 + 7;
    const response = await fetch(`${origin}/upload`, { method: "POST", body: new Uint8Array(size).fill(97) });
    expect(await response.text()).toBe(String(size));
  });

  it("drops a request whose client leaves before its body is whole, and goes on serving", async () => {
    const seen: string[] = [];
    const origin = await serve(async (request) => {
      seen.push(await request.text());
      return new Response("ok");
    });
    const { port } = new URL(origin);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write("POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nmessage=half");
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on("close", () => resolve());
    });
    const response = await fetch(`${origin}/form`, { method: "POST", body: "message=whole" });
    expect(await response.text()).toBe("ok");
    expect(seen).toEqual(["message=whole"]);
  });

  it("answers a chunked form over its limit, and serves the connection's next request", async () => {
    const origin = await serve(async (request) => {
      const form = await readFormWithin(request, 8 * 1024);
      return form ? new Response("read") : new Response("This form is too large", { status: 413 });
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (chunks: number) =>
      new Promise<{ status?: number; text: string }>((resolve, reject) => {
        const request = http.request(
          `${origin}/signup`,
          { method: "POST", agent, headers: { "Content-Type": "application/x-www-form-urlencoded" } },
          (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (text += chunk));
            response.on("end", () => resolve({ status: response.statusCode, text }));
          },
        );
        request.on("error", reject);
        // No Content-Length: Node sends it chunked, as a streaming client does.
        for (let sent = 0; sent < chunks; sent++) request.write(`${sent === 0 ? "email=a%40x.io&padding=" : ""}${"x".repeat(16 * 1024)}`);
        request.end();
      });
    try {
      expect(await post(32)).toEqual({ status: 413, text: "This form is too large" });
      expect(await post(0)).toEqual({ status: 200, text: "read" });
    } finally {
      agent.destroy();
    }
  });

  it("keeps a path that starts with two slashes on this host", async () => {
    const origin = await serve(async (request) => new Response(new URL(request.url).host + " " + new URL(request.url).pathname));
    const response = await rawGet(origin, "//elsewhere.example/page");
    expect(response.text).toBe(`${new URL(origin).host} //elsewhere.example/page`);
  });

  it("sends each cookie as its own header, and a route's header beside what earlier middleware set", async () => {
    const origin = await serve(
      async () => {
        const headers = new Headers({ "X-Policy": "route" });
        headers.append("Set-Cookie", "first=1; Path=/");
        headers.append("Set-Cookie", "second=2; Path=/");
        return new Response("ok", { status: 201, headers });
      },
      (_req, res, next) => {
        res.setHeader("X-Policy", "middleware");
        next();
      },
    );
    const response = await rawGet(origin, "/");
    expect(response.statusCode).toBe(201);
    expect(response.headers["set-cookie"]).toEqual(["first=1; Path=/", "second=2; Path=/"]);
    expect(response.headers["x-policy"]).toBe("middleware, route");
    expect(response.text).toBe("ok");
  });

  it("delivers a streamed response chunk by chunk, before the handler has finished it", async () => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const origin = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode("event: user\ndata: {}\n\n"));
          await finished;
          controller.enqueue(new TextEncoder().encode("event: complete\ndata: {}\n\n"));
          controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    });
    const response = await fetch(`${origin}/api/chat/abc/reply`, { method: "POST", body: "message=hi" });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("event: user\ndata: {}\n\n");
    finish();
    expect(decoder.decode((await reader.read()).value)).toBe("event: complete\ndata: {}\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("aborts the request's signal and cancels the response body when the client goes away", async () => {
    let aborted!: () => void;
    let cancelled!: () => void;
    const wasAborted = new Promise<void>((resolve) => (aborted = resolve));
    const wasCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    const origin = await serve(async (request) => {
      request.signal.addEventListener("abort", () => aborted());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(": connected\n\n"));
        },
        cancel: () => cancelled(),
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    });
    const client = new AbortController();
    const response = await fetch(`${origin}/api/events`, { signal: client.signal });
    await response.body!.getReader().read();
    client.abort();
    await expect(Promise.all([wasAborted, wasCancelled])).resolves.toEqual([undefined, undefined]);
  });

  it("writes an event stream to the socket in order, the events sent in one turn as one write", async () => {
    const written: string[] = [];
    let connectedSeen!: () => void;
    let messagesSeen!: () => void;
    const gates = [new Promise<void>((resolve) => (connectedSeen = resolve)), new Promise<void>((resolve) => (messagesSeen = resolve))];
    const origin = await serve(
      async (request) =>
        eventStream(request.signal, async (send) => {
          await gates[0];
          for (const text of ["Once", " upon", " a time"]) send("message", { text });
          await gates[1];
          send("complete", { id: "reply" });
        }),
      (_req, res, next) => {
        const write = res.write.bind(res) as (chunk: unknown) => boolean;
        res.write = ((chunk: unknown) => {
          written.push(String(chunk));
          return write(chunk);
        }) as typeof res.write;
        next();
      },
    );
    const response = await fetch(`${origin}/api/chat/abc/reply`, { method: "POST", body: "message=hi" });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const readUntil = async (end: string) => {
      while (!text.endsWith(end)) text += (await reader.read()).value ?? "";
    };
    await readUntil(": connected\n\n");
    connectedSeen();
    await readUntil('"text":" a time"}\n\n');
    messagesSeen();
    await readUntil('"id":"reply"}\n\n');
    expect((await reader.read()).done).toBe(true);
    const messages = ["Once", " upon", " a time"].map((word) => `event: message\ndata: {"text":"${word}"}\n\n`).join("");
    expect(written).toEqual([": connected\n\n", messages, 'event: complete\ndata: {"id":"reply"}\n\n']);
    expect(text).toBe(written.join(""));
  });

  it("stops an event stream's producer when the client goes away", async () => {
    let stopped!: () => void;
    const producerStopped = new Promise<void>((resolve) => (stopped = resolve));
    const origin = await serve(async (request) =>
      eventStream(request.signal, async (send, signal) => {
        send("user", { id: "ask" });
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        stopped();
      }),
    );
    const client = new AbortController();
    const response = await fetch(`${origin}/api/chat/abc/reply`, { method: "POST", body: "message=hi", signal: client.signal });
    const first = new TextDecoder().decode((await response.body!.getReader().read()).value);
    expect(first).toBe(': connected\n\nevent: user\ndata: {"id":"ask"}\n\n');
    client.abort();
    await expect(producerStopped).resolves.toBeUndefined();
  });

  it("aborts a HEAD request's signal once it is answered, so a stream behind it stops", async () => {
    let aborted!: () => void;
    const wasAborted = new Promise<void>((resolve) => (aborted = resolve));
    const origin = await serve(async (request) => {
      request.signal.addEventListener("abort", () => aborted());
      // What React Router answers a HEAD with: the headers, and no body (the route's is dropped).
      return new Response(null, { headers: { "Content-Type": "text/event-stream" } });
    });
    const response = await fetch(`${origin}/api/events`, { method: "HEAD" });
    expect(response.status).toBe(200);
    await expect(wasAborted).resolves.toBeUndefined();
  });

  it("sends a large compressed response whole to a slow reader, without piling up listeners", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const chunks = 400;
    const chunk = randomBytes(16 * 1024);
    let sent = 0;
    const origin = await serve(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent++ < chunks) controller.enqueue(chunk);
              else controller.close();
            },
          }),
          { headers: { "Content-Type": "text/html" } },
        ),
      compression(),
    );
    try {
      const response = await fetch(origin, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      const reader = response.body!.getReader();
      let received = 0;
      for (let next = await reader.read(), reads = 0; !next.done; next = await reader.read(), reads++) {
        received += next.value.byteLength;
        if (reads % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(received).toBe(chunks * chunk.length);
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("passes what the handler throws to Express's error handling", async () => {
    const origin = await serve(async () => {
      throw new Error("the route broke");
    });
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("handled: the route broke");
  });
});
