/**
 * Reads a form body of at most `maxBytes`, or null when it is larger. The Content-Length header
 * refuses most oversized bodies before a byte is read; a body without one (chunked) is counted
 * as it arrives and dropped as soon as it passes the limit. Forms are buffered to be parsed, so
 * every action that takes files or free text reads its form through this.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  if (declaresMoreThan(request, maxBytes)) return null;
  if (!request.body) return request.formData();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(next.value);
  }
  return new Response(Buffer.concat(chunks), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}

/** The body's Content-Length says it is larger than `maxBytes`: refusable before anything else is done for it. */
export function declaresMoreThan(request: Request, maxBytes: number) {
  return Number(request.headers.get("content-length") ?? 0) > maxBytes;
}
