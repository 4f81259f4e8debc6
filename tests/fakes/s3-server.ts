import { readBody, startHttpFake } from "./http-fake";

/**
 * A tiny S3-compatible server for tests: path-style PUT, GET and DELETE of objects, with the
 * XML error body S3 sends for a missing key, and ListObjectsV2 in pages of `listPageSize` keys.
 * It records each request's method and path.
 */
export async function startFakeS3({ listPageSize = 1000 } = {}) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const writtenAt = new Map<string, Date>();
  const requests: { method: string; path: string; signed: boolean }[] = [];
  const server = await startHttpFake(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", "http://s3");
    const key = decodeURIComponent(url.pathname);
    requests.push({ method: request.method ?? "", path: key, signed: String(request.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256") });
    if (request.method === "GET" && url.searchParams.get("list-type") === "2") {
      response.writeHead(200, { "Content-Type": "application/xml" }).end(listPage(key.replace(/\/$/, ""), url.searchParams));
    } else if (request.method === "PUT") {
      objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "application/octet-stream") });
      writtenAt.set(key, new Date());
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
  /** A page of the bucket's keys under `prefix`, as ListObjectsV2 answers; the continuation token is the next key's position. */
  function listPage(bucketPath: string, query: URLSearchParams) {
    const keys = [...objects.keys()].filter((each) => each.startsWith(`${bucketPath}/${query.get("prefix") ?? ""}`)).sort();
    const from = Number(query.get("continuation-token") ?? 0);
    const page = keys.slice(from, from + listPageSize);
    const truncated = from + listPageSize < keys.length;
    const contents = page.map(
      (each) =>
        `<Contents><Key>${each.slice(bucketPath.length + 1)}</Key><Size>${objects.get(each)!.body.length}</Size>` +
        `<LastModified>${(writtenAt.get(each) ?? new Date()).toISOString()}</LastModified></Contents>`,
    );
    return (
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${from + listPageSize}</NextContinuationToken>` : ""}` +
      `${contents.join("")}</ListBucketResult>`
    );
  }

  return {
    endpoint: server.url,
    objects,
    requests,
    close: server.close,
  };
}
