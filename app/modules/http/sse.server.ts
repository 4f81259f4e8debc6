/** Server-Sent Events responses: one writer, heartbeats, and no buffering on the way out. */

export const HEARTBEAT_MS = 15_000;

export type SseSend = (event: string, data: unknown) => void;

/**
 * A text/event-stream Response fed by `produce`. A comment line every 15 s keeps proxies from
 * closing an idle stream; `X-Accel-Buffering: no` stops nginx from holding chunks back (the
 * compression middleware skips this content type too). The stream ends when `produce`
 * resolves, or when the client goes away (`signal`), whichever comes first.
 */
export function eventStream(signal: AbortSignal, produce: (send: SseSend, signal: AbortSignal) => Promise<void>) {
  const encoder = new TextEncoder();
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true;
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      const send: SseSend = (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      signal.addEventListener("abort", close, { once: true });
      write(": connected\n\n");
      produce(send, signal)
        .catch(() => send("error", { message: "stream failed" }))
        .finally(close);
    },
    cancel() {
      closed = true;
      clearInterval(heartbeat);
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
