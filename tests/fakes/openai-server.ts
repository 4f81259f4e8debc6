import type http from "node:http";
import { readText, sendJson, startHttpFake } from "./http-fake";

/** How the fake answers the next request; every field is optional. */
export type FakeReply = {
  text?: string;
  /** Split the raw SSE bytes into pieces of this many bytes, written one at a time with a pause between. */
  chunkBytes?: number;
  /** Send the usage chunk when the request asks for it (default true). */
  usage?: boolean;
  /** Answer this status with OpenAI's JSON error body. */
  failWith?: { status: number; message: string };
  /** Answer 200 text/event-stream whose only event is `{"error":{"message":...}}`. */
  errorAsEventStream?: string;
  /** Wait this long before answering, or mid-stream once `stallAfterChars` characters of content are out. */
  stallMs?: number;
  stallAfterChars?: number;
  /** Destroy the socket after sending this many characters of content (or end the body cleanly with `dropCleanly`). */
  dropAfterChars?: number;
  dropCleanly?: boolean;
  /** Pause between writes (default 1 ms when `chunkBytes` is set, so pieces arrive separately). */
  delayMsPerChunk?: number;
  /** Keep the connection open this long after `[DONE]`, as a slow proxy might. */
  keepOpenAfterDoneMs?: number;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    prompt?: string;
    n?: number;
    size?: string;
    messages?: unknown[];
    temperature?: number;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
  /** "interrupted" when the connection closed before the answer was complete (client abort or a drop). */
  closed: Promise<"completed" | "interrupted">;
};

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

export const DEFAULT_FAKE_REPLY = "Hello from the fake model.";
/** A 1×1 PNG, the fake images API's every picture. */
const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/** Content is sent a few characters per event, as real models send a token or two. */
const CHARS_PER_EVENT = 3;

/**
 * An HTTP server on 127.0.0.1 that speaks the OpenAI chat completions wire format: JSON answers,
 * real server-sent events when `stream: true`, and OpenAI's error bodies. Point a model's base
 * URL at `url`. Each request takes the next scripted reply from `nextReply()` (a queue), or a
 * fixed default; `requests` records what arrived.
 */
export async function startFakeOpenAi({ port: requestedPort = 0 }: { port?: number } = {}) {
  const script: FakeReply[] = [];
  const requests: RecordedRequest[] = [];

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    res.socket?.setNoDelay(true);
    // Aborted when the connection goes, so a stalled script stops waiting.
    const gone = new AbortController();
    const closed = new Promise<"completed" | "interrupted">((resolve) =>
      res.on("close", () => {
        gone.abort();
        resolve(res.writableFinished ? "completed" : "interrupted");
      }),
    );
    const raw = await readText(req);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (req.method === "POST" && path === "/v1/images/generations") return answerImages(req, res, raw, path, closed);
    if (req.method !== "POST" || path !== "/v1/chat/completions") return sendJson(res, 404, errorBody(`Unknown path ${path}`));
    let body: RecordedRequest["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, errorBody("The body is not JSON"));
    }
    requests.push({ method: req.method, path, headers: req.headers, body, closed });

    const reply = script.shift() ?? {};
    const text = reply.text ?? DEFAULT_FAKE_REPLY;
    if (reply.stallMs && reply.stallAfterChars === undefined) await sleep(reply.stallMs, gone.signal);
    if (gone.signal.aborted) return;
    if (reply.failWith) return sendJson(res, reply.failWith.status, errorBody(reply.failWith.message));
    if (reply.errorAsEventStream !== undefined) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      return res.end(`data: ${JSON.stringify(errorBody(reply.errorAsEventStream))}\n\n`);
    }
    const usage = { prompt_tokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4), completion_tokens: Math.ceil(Array.from(text).length / 4) };
    if (!body.stream) {
      const message = { role: "assistant", content: text };
      return sendJson(res, 200, { ...envelope("chat.completion", body.model), choices: [{ index: 0, message, finish_reason: "stop" }], usage });
    }
    await streamReply(res, reply, text, body, usage, gone.signal);
  }

  /** OpenAI's images API: `n` pictures as b64_json (a 1×1 PNG), or the scripted failure. */
  function answerImages(req: http.IncomingMessage, res: http.ServerResponse, raw: string, path: string, closed: RecordedRequest["closed"]) {
    let body: RecordedRequest["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, errorBody("The body is not JSON"));
    }
    requests.push({ method: "POST", path, headers: req.headers, body, closed });
    const reply = script.shift() ?? {};
    if (reply.failWith) return sendJson(res, reply.failWith.status, errorBody(reply.failWith.message));
    const data = Array.from({ length: body.n ?? 1 }, () => ({ b64_json: TINY_PNG }));
    return sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data });
  }

  async function streamReply(res: http.ServerResponse, reply: FakeReply, text: string, body: RecordedRequest["body"], usage: object, gone: AbortSignal) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    const delay = reply.delayMsPerChunk ?? (reply.chunkBytes ? 1 : 0);
    let pending = Buffer.alloc(0);
    // Bytes are queued and written in `chunkBytes` pieces, so a split can fall anywhere, even between events.
    const send = async (data: string, everything = !reply.chunkBytes) => {
      pending = Buffer.concat([pending, Buffer.from(data)]);
      const size = reply.chunkBytes ?? pending.length;
      while (pending.length > 0 && (everything || pending.length >= size) && !gone.aborted) {
        const piece = pending.subarray(0, size);
        pending = pending.subarray(piece.length);
        await new Promise<void>((resolve) => res.write(piece, () => resolve()));
        if (delay) await sleep(delay, gone);
      }
    };
    const event = (payload: object) => `data: ${JSON.stringify({ ...envelope("chat.completion.chunk", body.model), ...payload })}\n\n`;
    const delta = (content: object, finish: string | null = null) => event({ choices: [{ index: 0, delta: content, finish_reason: finish }] });

    // Comment lines keep proxies from closing idle streams; clients must skip them.
    await send(": keep-alive\n\n");
    await send(delta({ role: "assistant", content: "" }));
    let sent = 0;
    for (const piece of contentPieces(text, [reply.stallAfterChars, reply.dropAfterChars])) {
      await send(delta({ content: piece }));
      sent += Array.from(piece).length;
      if (sent === reply.stallAfterChars && reply.stallMs) {
        await send("", true);
        await sleep(reply.stallMs, gone);
      }
      if (sent === reply.dropAfterChars) {
        await send("", true);
        if (reply.dropCleanly) return res.end();
        // Let the last bytes leave before the socket goes, as a real drop after a sent chunk would.
        await sleep(20, gone);
        return res.socket?.destroy();
      }
      if (gone.aborted) return;
    }
    await send(delta({}, "stop"));
    if (reply.usage !== false && body.stream_options?.include_usage) await send(event({ choices: [], usage }));
    await send("data: [DONE]\n\n", true);
    if (reply.keepOpenAfterDoneMs) await sleep(reply.keepOpenAfterDoneMs, gone);
    res.end();
  }

  const server = await startHttpFake(handle, { port: requestedPort });

  return {
    url: `${server.url}/v1`,
    requests,
    nextReply(reply: FakeReply = {}) {
      script.push(reply);
    },
    close: server.close,
  };
}

/** Splits the text by characters (not bytes), ending a piece exactly at each cut so drops and stalls land where asked. */
function contentPieces(text: string, cuts: (number | undefined)[]) {
  const pieces: string[] = [];
  let piece = "";
  Array.from(text).forEach((character, index) => {
    piece += character;
    if (Array.from(piece).length === CHARS_PER_EVENT || cuts.includes(index + 1)) {
      pieces.push(piece);
      piece = "";
    }
  });
  if (piece) pieces.push(piece);
  return pieces;
}

function envelope(object: string, model: string | undefined) {
  return { id: "chatcmpl-fake", object, created: Math.floor(Date.now() / 1000), model: model ?? "fake-model" };
}

function errorBody(message: string) {
  return { error: { message, type: "invalid_request_error", code: null } };
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
