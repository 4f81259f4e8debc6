// The floor for bench/chat-stream: the least any Node server in the middle can add to the first
// token. A bare node:http server that, for every POST, calls the provider with fetch exactly as
// the app does (JSON body, streamed answer parsed with eventsource-parser) and passes each delta
// on as the app does (`event: message`, then `event: complete` with the whole text). No Express,
// no React Router, no sign-in, no database, no tokens.
//
// Run on its own (the benchmark does this, so it has its own process and event loop):
//   RELAY_PROVIDER_URL=http://127.0.0.1:<port>/v1 node --import tsx bench/chat-stream/relay.ts
// It prints one JSON line, {"url": "http://127.0.0.1:<port>"}, once it listens.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createParser } from "eventsource-parser";

const providerUrl = process.env.RELAY_PROVIDER_URL ?? "";
const apiKey = process.env.RELAY_API_KEY ?? "";

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => void relay(res));
});

async function relay(res: http.ServerResponse) {
  const upstream = await fetch(`${providerUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({
      model: "deepseek-ai/DeepSeek-V3",
      messages: [
        { role: "system", content: "You are a helpful AI assistant." },
        { role: "user", content: "Hello" },
      ],
      temperature: 0.6,
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  res.write(": connected\n\n");
  let text = "";
  const parser = createParser({
    onEvent(event) {
      if (event.data === "[DONE]") return;
      const content = (JSON.parse(event.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
      if (!content) return;
      text += content;
      res.write(`event: message\ndata: ${JSON.stringify({ text: content })}\n\n`);
    },
  });
  const decoder = new TextDecoder();
  const reader = upstream.body!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parser.feed(decoder.decode(next.value, { stream: true }));
  res.end(`event: complete\ndata: ${JSON.stringify({ message: text })}\n\n`);
}

server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
