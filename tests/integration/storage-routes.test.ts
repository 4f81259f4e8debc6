import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as storageLoader } from "~/routes/api/storage";
import { loader as thumbnailLoader } from "~/routes/api/thumbnail";
import { putObject, signedUrl, SIGNED_LINK_SECONDS } from "~/modules/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { routeArgs } from "../helpers/route-args";

// Thumbnails are rendered once across instances, with a claim in the database (thumbnail-cache.server.ts).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());

const origin = "http://localhost";

async function call(loader: (args: never) => Promise<Response>, url: string) {
  const { pathname } = new URL(url, origin);
  const [, , bucket, ...rest] = pathname.split("/");
  try {
    return await loader(routeArgs(new Request(new URL(url, origin)), { params: { bucket, "*": rest.join("/") } }));
  } catch (thrown) {
    // React Router's data() throws carry the status the client would see.
    return thrown as { init?: { status?: number } };
  }
}

const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 500));

async function samplePng() {
  return sharp({ create: { width: 600, height: 600, channels: 3, background: "#a855f7" } })
    .png()
    .toBuffer();
}

describe("stored files", () => {
  it("serves public avatars to anyone, with caching headers", async () => {
    await putObject("avatars", "people/one.png", await samplePng());
    const response = (await call(storageLoader, "/storage/avatars/people/one.png")) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("public");
  });

  it("hides private files without a valid, unexpired signature", async () => {
    await putObject("uploads", "user-1/report.png", await samplePng());
    expect(statusOf(await call(storageLoader, "/storage/uploads/user-1/report.png"))).toBe(404);

    const link = signedUrl("uploads", "user-1/report.png");
    expect(statusOf(await call(storageLoader, link))).toBe(200);
    // Change the signature's first character to a different one (a fixed replacement would sometimes equal it).
    const tampered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === "A" ? "B" : "A"}`);
    expect(statusOf(await call(storageLoader, tampered))).toBe(404);

    const expired = signedUrl("uploads", "user-1/report.png", Date.now() - (SIGNED_LINK_SECONDS + 60) * 1000);
    expect(statusOf(await call(storageLoader, expired))).toBe(404);
  });

  it("answers 404 for unknown buckets and missing files", async () => {
    expect(statusOf(await call(storageLoader, "/storage/secrets/a.png"))).toBe(404);
    expect(statusOf(await call(storageLoader, "/storage/avatars/missing.png"))).toBe(404);
  });

  it("answers 404 for a folder, and for a path through a file, as for any other missing file", async () => {
    await putObject("avatars", "folders/inside/one.png", await samplePng());
    expect(statusOf(await call(storageLoader, "/storage/avatars/folders/inside"))).toBe(404);
    expect(statusOf(await call(storageLoader, "/storage/avatars/folders/inside/one.png/more.png"))).toBe(404);
    expect(statusOf(await call(thumbnailLoader, "/thumb/avatars/folders/inside?w=300"))).toBe(404);
    expect(statusOf(await call(storageLoader, "/storage/avatars/folders/inside/one.png"))).toBe(200);
  });

  it("refuses paths that climb out of the bucket, before touching storage", async () => {
    // A URL parser would normalise "..", so pass the raw splat as a router could receive it.
    for (const splat of ["../../session-secret", "people/../../x.png", "..%2F..%2Fsession-secret"]) {
      const result = await storageLoader(
        routeArgs(new Request(`${origin}/storage/avatars/x`), { params: { bucket: "avatars", "*": decodeURIComponent(splat) } }),
      ).catch((thrown: unknown) => thrown);
      expect(statusOf(result)).toBe(404);
    }
    expect(statusOf(await call(storageLoader, "/storage/avatars/missing.png"))).toBe(404);
  });

  it("answers a byte range with 206 (players read a video's length and seek so), and one past the end with 416", async () => {
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, index) => index));
    await putObject("gallery", "user-1/clip.webm", bytes, "video/webm");
    const link = signedUrl("gallery", "user-1/clip.webm");
    const ask = async (headers: Record<string, string>) => {
      const { pathname, search } = new URL(link, origin);
      const [, , bucket, ...rest] = pathname.split("/");
      return (await storageLoader(
        routeArgs(new Request(`${origin}${pathname}${search}`, { headers }), { params: { bucket, "*": rest.join("/") } }),
      )) as Response;
    };
    const whole = await ask({});
    expect([whole.status, whole.headers.get("accept-ranges"), (await whole.arrayBuffer()).byteLength]).toEqual([200, "bytes", 100]);
    const part = await ask({ Range: "bytes=10-19" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-type")]).toEqual([206, "bytes 10-19/100", "video/webm"]);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const rest = await ask({ Range: "bytes=90-" });
    expect([rest.status, rest.headers.get("content-range")]).toEqual([206, "bytes 90-99/100"]);
    const tail = await ask({ Range: "bytes=-5" });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([95, 96, 97, 98, 99]);
    const beyond = await ask({ Range: "bytes=100-" });
    expect([beyond.status, beyond.headers.get("content-range")]).toEqual([416, "bytes */100"]);
    // Another version than the player holds (If-Range), or a header it cannot read: the whole file.
    expect((await ask({ Range: "bytes=0-9", "If-Range": '"old"' })).status).toBe(200);
    expect((await ask({ Range: "bytes=0-9", "If-Range": whole.headers.get("etag")! })).status).toBe(206);
    expect((await ask({ Range: "items=0-9" })).status).toBe(200);
    expect((await ask({ Range: "bytes=9-2" })).status).toBe(200);
  });

  it("makes 300 px card thumbnails with cover fit and 150 px square avatars", async () => {
    await putObject("avatars", "people/two.png", await samplePng());
    const card = (await call(thumbnailLoader, "/thumb/avatars/people/two.png?w=300")) as Response;
    expect(card.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 400 });
    const small = (await call(thumbnailLoader, "/thumb/avatars/people/two.png?w=150")) as Response;
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 150, height: 150 });
    expect(statusOf(await call(thumbnailLoader, "/thumb/avatars/people/two.png?w=77"))).toBe(400);
  });
});
