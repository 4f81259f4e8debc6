// A steady, OpenAI-compatible streaming provider for bench/chat-stream: every POST
// /v1/chat/completions with `stream: true` is answered with the same reply, CHUNKS content deltas
// of one word each, the first after FIRST_MS (default at once) and the others DELAY_MS apart, then a finish chunk, the
// usage chunk (when asked for) and `[DONE]`. Unlike tests/fakes/openai-server.ts it has no queue
// of scripted replies, so any number of concurrent requests each get the full stream.
//
// Run on its own (the benchmark does this, so the provider has its own process and event loop):
//   node --import tsx bench/chat-stream/provider.ts
// Environment: PROVIDER_PORT (0 = any free port), PROVIDER_CHUNKS (50), PROVIDER_DELAY_MS (20),
// PROVIDER_FIRST_MS (0: the headers and the first word go out at once).
// It prints one JSON line, {"url": "http://127.0.0.1:<port>/v1"}, once it listens.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export type ProviderOptions = { port?: number; chunks: number; delayMs: number; firstMs?: number };

/** The reply every request gets: "w0 w1 ... w(n-1) " one word per delta. */
export function providerWords(chunks: number) {
  return Array.from({ length: chunks }, (_, index) => `w${index} `);
}

export async function startStreamingProvider({ port = 0, chunks, delayMs, firstMs = 0 }: ProviderOptions) {
  const words = providerWords(chunks);
  let served = 0;
  const server = http.createServer((req, res) => {
    const chunksIn: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunksIn.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0];
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: `Unknown path ${path}` } }));
      }
      let body: { model?: string; stream?: boolean; stream_options?: { include_usage?: boolean } };
      try {
        body = JSON.parse(Buffer.concat(chunksIn).toString("utf8"));
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "The body is not JSON" } }));
      }
      served++;
      const model = body.model ?? "bench-model";
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            id: "bench",
            object: "chat.completion",
            model,
            choices: [{ index: 0, message: { role: "assistant", content: words.join("") }, finish_reason: "stop" }],
          }),
        );
      }
      stream(res, model, Boolean(body.stream_options?.include_usage));
    });
  });

  function stream(res: http.ServerResponse, model: string, includeUsage: boolean) {
    res.socket?.setNoDelay(true);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const created = Math.floor(Date.now() / 1000);
    const event = (payload: object) => `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created, model, ...payload })}\n\n`;
    const delta = (content: object, finish: string | null = null) => event({ choices: [{ index: 0, delta: content, finish_reason: finish }] });
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    res.on("close", () => clearTimeout(timer));
    const next = (): void => {
      if (res.destroyed) return;
      if (index < words.length) {
        // The role and the first word go out together, as real providers send them.
        res.write((index === 0 ? delta({ role: "assistant", content: "" }) : "") + delta({ content: words[index] }));
        index++;
        timer = setTimeout(next, delayMs);
        return;
      }
      let tail = delta({}, "stop");
      if (includeUsage) tail += event({ choices: [], usage: { prompt_tokens: 100, completion_tokens: words.length, total_tokens: 100 + words.length } });
      res.end(`${tail}data: [DONE]\n\n`);
    };
    if (firstMs > 0) timer = setTimeout(next, firstMs);
    else next();
  }

  server.keepAliveTimeout = 60_000;
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    text: words.join(""),
    served: () => served,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const provider = await startStreamingProvider({
    port: Number(process.env.PROVIDER_PORT ?? 0),
    chunks: Number(process.env.PROVIDER_CHUNKS ?? 50),
    delayMs: Number(process.env.PROVIDER_DELAY_MS ?? 20),
    firstMs: Number(process.env.PROVIDER_FIRST_MS ?? 0),
  });
  process.stdout.write(`${JSON.stringify({ url: provider.url })}\n`);
  const stop = () => void provider.close().finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // The provider goes when the benchmark goes, even if the benchmark is killed outright.
  process.on("disconnect", stop);
}
