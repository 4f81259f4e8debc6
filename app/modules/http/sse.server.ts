/** Server-Sent Events responses: one writer, heartbeats, and no buffering on the way out. */

export const HEARTBEAT_MS = 15_000;

/** Sends one event; `retryMs` also tells the browser how long to wait before it reconnects once the stream ends. */
export type SseSend = (event: string, data: unknown, options?: { retryMs?: number }) => void;

/**
 * A text/event-stream Response fed by `produce`. A comment line every 15 s keeps proxies from
 * closing an idle stream; `X-Accel-Buffering: no` stops nginx from holding chunks back (the
 * compression middleware skips this content type too). The stream ends when `produce`
 * resolves, or when the client goes away, whichever comes first. The client is gone when the
 * request's `signal` aborts, when the response body is cancelled (the server saw the socket end),
 * or when a write fails: any of them aborts the signal `produce` is given, so that it stops what
 * it holds (subscriptions, timers) whichever way the socket ended.
 */
export function eventStream(signal: AbortSignal, produce: (send: SseSend, signal: AbortSignal) => Promise<void>) {
  const encoder = new TextEncoder();
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const gone = new AbortController();
  const clientGone = () => gone.abort();
  signal.addEventListener("abort", clientGone, { once: true });
  if (signal.aborted) gone.abort();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true;
          clearInterval(heartbeat);
          clientGone();
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        signal.removeEventListener("abort", clientGone);
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      const send: SseSend = (event, data, { retryMs } = {}) =>
        write(`${retryMs === undefined ? "" : `retry: ${retryMs}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      gone.signal.addEventListener("abort", close, { once: true });
      write(": connected\n\n");
      produce(send, gone.signal)
        .catch(() => send("error", { message: "stream failed" }))
        .finally(close);
    },
    cancel() {
      closed = true;
      clearInterval(heartbeat);
      clientGone();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
