/** Server-Sent Events responses: one writer, heartbeats, and no buffering on the way out. */
import type { ServerResponse } from "node:http";

export const HEARTBEAT_MS = 15_000;

/**
 * What an event stream holds back (in UTF-16 units) for a client that does not read (its socket's
 * buffer full) before it counts the client as gone: many replies' worth of text.
 */
export const EVENT_STREAM_BACKLOG_MAX_CHARS = 1024 * 1024;

/** Sends one event; `retryMs` also tells the browser how long to wait before it reconnects once the stream ends. */
export type SseSend = (event: string, data: unknown, options?: { retryMs?: number }) => void;

/**
 * Where a stream's text goes: the response's body (a web stream, for callers that read the
 * Response) or the Node response itself (sendEventStream). `write` answers false when the client
 * is not keeping up: nothing more is written until `resume` is called. `end(abandoned)`: the
 * stream is over; abandoned, the client is gone (or counted so), and the connection goes too.
 */
type EventSink = { write(text: string): boolean; end(abandoned: boolean): void };

/** The stream behind an event-stream Response's body, for sendEventStream. */
const streams = new WeakMap<ReadableStream<Uint8Array>, { attach(sink: EventSink): { resume(): void } }>();

/**
 * A text/event-stream Response fed by `produce`. A comment line every 15 s keeps proxies from
 * closing an idle stream; `X-Accel-Buffering: no` stops nginx from holding chunks back. The
 * stream ends when `produce` resolves, or when the client goes away, whichever comes first. The
 * client is gone when the request's `signal` aborts, when the response body is cancelled (the
 * server saw the socket end), or when it reads nothing while EVENT_STREAM_BACKLOG_MAX_CHARS pile
 * up: any of them aborts the signal `produce` is given, so that it stops what it holds
 * (subscriptions, timers) whichever way the socket ended.
 *
 * `produce` starts at once. What it sends within one turn of the event loop (the deltas a busy
 * server read from the model together) goes out as one write, at the end of that turn. The
 * server sends it straight to the Node response (sendEventStream, decision 038): no web stream
 * in between, one string per write; the Response's body carries the same text to anyone else who
 * reads it (a test, React Router's own handling).
 */
export function eventStream(signal: AbortSignal, produce: (send: SseSend, signal: AbortSignal) => Promise<void>) {
  let closed = false;
  let pending = "";
  let sink: EventSink | null = null;
  let paused = false;
  let flushing: NodeJS.Immediate | undefined;
  const gone = new AbortController();
  const clientGone = () => gone.abort();
  signal.addEventListener("abort", clientGone, { once: true });
  if (signal.aborted) gone.abort();

  let ended = false;
  const end = (abandoned: boolean) => {
    if (ended || !sink) return;
    ended = true;
    sink.end(abandoned);
  };
  const flush = () => {
    flushing = undefined;
    if (!sink || ended) return;
    if (gone.signal.aborted) return end(true);
    if (paused) return;
    if (pending) {
      const text = pending;
      pending = "";
      paused = !sink.write(text);
      if (paused) return;
    }
    if (closed) end(false);
  };
  const flushSoon = () => {
    if (sink && !paused) flushing ??= setImmediate(flush);
  };
  const write = (text: string) => {
    if (closed) return;
    pending += text;
    if (paused && pending.length > EVENT_STREAM_BACKLOG_MAX_CHARS) clientGone();
    else flushSoon();
  };
  const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    signal.removeEventListener("abort", clientGone);
    if (gone.signal.aborted) flush();
    else flushSoon();
  };
  const attach = (to: EventSink) => {
    if (sink) throw new Error("an event stream is sent once");
    sink = to;
    // Headers, `: connected` and whatever was sent before the response was (the person's saved message) in one write.
    flush();
    return {
      resume() {
        paused = false;
        flush();
      },
    };
  };

  const send: SseSend = (event, data, { retryMs } = {}) =>
    write(`${retryMs === undefined ? "" : `retry: ${retryMs}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  gone.signal.addEventListener("abort", close, { once: true });
  write(": connected\n\n");
  produce(send, gone.signal)
    .catch(() => send("error", { message: "stream failed" }))
    .finally(close);

  const encoder = new TextEncoder();
  let reading = false;
  const body = new ReadableStream<Uint8Array>(
    {
      // Read as a web stream only when someone reads it (highWaterMark 0); sendEventStream takes it otherwise.
      pull(controller) {
        if (reading) return;
        reading = true;
        attach({
          write(text) {
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              clientGone();
            }
            return true;
          },
          end() {
            try {
              controller.close();
            } catch {
              // already closed by the client going away
            }
          },
        });
      },
      cancel() {
        clientGone();
      },
    },
    { highWaterMark: 0 },
  );
  streams.set(body, { attach });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
      // Event streams are answered before helmet (server.js); this one of its headers still applies.
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Sends an event stream's text straight to a Node response (`res.write`, minding backpressure),
 * when `body` is one that eventStream made and nobody has read; false otherwise. The stream ends
 * the response when it ends; the response's closing (the client gone) must abort the request's
 * signal, as the adapter does.
 */
export function sendEventStream(body: ReadableStream<Uint8Array>, res: ServerResponse) {
  const stream = streams.get(body);
  if (!stream || body.locked) return false;
  streams.delete(body);
  const { resume } = stream.attach({
    write(text) {
      if (res.destroyed) return true;
      const flowing = res.write(text);
      // A compressor in front (none in server.js, whose event streams skip it) must not hold the text back.
      (res as ServerResponse & { flush?: () => void }).flush?.();
      if (!flowing) res.once("drain", resume);
      return flowing;
    },
    end(abandoned) {
      if (abandoned) res.destroy();
      else res.end();
    },
  });
  return true;
}
