import { describe, expect, it } from "vitest";
import { NotAFormError, readFormWithin, UnreadableFormError } from "./form.server";

/** A request whose body arrives in pieces with no Content-Length, as a chunked upload does. */
function chunkedRequest(body: string, contentType: string) {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 100) controller.enqueue(bytes.slice(offset, offset + 100));
      controller.close();
    },
  });
  return new Request("http://localhost/form", { method: "POST", body: stream, headers: { "content-type": contentType }, duplex: "half" } as RequestInit);
}

describe("readFormWithin", () => {
  it("parses a form within the limit, multipart included", async () => {
    const form = new FormData();
    form.set("message", "hello");
    form.set("file", new File(["abc"], "a.txt"));
    const parsed = await readFormWithin(new Request("http://localhost/form", { method: "POST", body: form }), 10_000);
    expect(parsed?.get("message")).toBe("hello");
    expect(await (parsed?.get("file") as File).text()).toBe("abc");
    expect((await readFormWithin(chunkedRequest("a=1&b=two", "application/x-www-form-urlencoded"), 100))?.get("b")).toBe("two");
  });

  it("refuses a body over the limit, by its Content-Length or, without one, as it arrives", async () => {
    const big = `message=${"x".repeat(5_000)}`;
    const declared = new Request("http://localhost/form", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(big.length) },
    });
    expect(await readFormWithin(declared, 1_000)).toBeNull();
    expect(await readFormWithin(chunkedRequest(big, "application/x-www-form-urlencoded"), 1_000)).toBeNull();
  });

  it("refuses a body that is not a form before reading it, and reads an empty post as a form without fields", async () => {
    const json = new Request("http://localhost/form", { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
    await expect(readFormWithin(json, 1_000)).rejects.toMatchObject({ status: 415, code: "not-a-form" });
    expect(json.bodyUsed).toBe(false);
    await expect(
      readFormWithin(new Request("http://localhost/form", { method: "POST", body: "a=1", headers: { "content-type": "text/plain" } }), 1_000),
    ).rejects.toBeInstanceOf(NotAFormError);
    expect([...(await readFormWithin(new Request("http://localhost/form", { method: "POST" }), 1_000))!]).toEqual([]);
  });

  it("refuses a multipart body cut short, and a NUL in a field or a file's name, as unreadable (400)", async () => {
    const cut = new Request("http://localhost/form", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    await expect(readFormWithin(cut, 1_000)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("could not be read") });
    const nul = new Request("http://localhost/form", { method: "POST", body: "name=Ada%00", headers: { "content-type": "application/x-www-form-urlencoded" } });
    await expect(readFormWithin(nul, 1_000)).rejects.toBeInstanceOf(UnreadableFormError);
    const file = new FormData();
    file.set("file", new File(["x"], "a\u0000.png"));
    await expect(readFormWithin(new Request("http://localhost/form", { method: "POST", body: file }), 1_000)).rejects.toThrow("NUL character");
  });

  it("refuses a file sent where text is expected (400), and takes files in the fields made for them", async () => {
    const misplaced = new FormData();
    misplaced.set("message", new File(["hello"], "note.txt", { type: "text/plain" }));
    await expect(readFormWithin(new Request("http://localhost/form", { method: "POST", body: misplaced }), 1_000)).rejects.toMatchObject({
      status: 400,
      message: 'The field "message" takes text, not a file.',
    });
    const placed = new FormData();
    placed.set("message", "hello");
    placed.set("file", new File(["x"], "a.png"));
    const form = await readFormWithin(new Request("http://localhost/form", { method: "POST", body: placed }), 1_000);
    expect(form?.get("message")).toBe("hello");
    expect(form?.get("file")).toBeInstanceOf(File);
  });
});
