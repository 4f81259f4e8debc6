import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny S3-compatible server for tests: path-style PUT, GET and DELETE of objects, with the
 * XML error body S3 sends for a missing key. It records each request's method and path.
 */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string; signed: boolean }[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const key = decodeURIComponent(new URL(request.url ?? "/", "http://s3").pathname);
    requests.push({ method: request.method ?? "", path: key, signed: String(request.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256") });
    if (request.method === "PUT") {
      objects.set(key, { body: Buffer.concat(chunks), contentType: String(request.headers["content-type"] ?? "application/octet-stream") });
      response.writeHead(200, { ETag: '"fake"' }).end();
    } else if (request.method === "GET") {
      const object = objects.get(key);
      if (!object) {
        response
          .writeHead(404, { "Content-Type": "application/xml" })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`,
          );
        return;
      }
      response.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length }).end(object.body);
    } else if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
