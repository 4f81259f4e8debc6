import { describe, expect, test } from "vitest";
import { readFormWithin } from "~/modules/http/form.server";

// Actions read forms through readFormWithin: the same entries a Request's own formData() gives, within a size.

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://localhost/form", { method: "POST", body, headers });
const entries = (form: FormData | null) =>
  form ? [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `file ${value.name}`]) : null;

describe("reading a form", () => {
  test("an urlencoded form gives the entries, repeated names, spaces and UTF-8 as Request.formData() does", async () => {
    const body = "message=Caf%C3%A9+cr%C3%A8me+%2B+%E2%9C%A8&attachment=a%2F1%2Fx.png&attachment=a%2F2%2Fy.pdf&empty=&flag";
    const expected = entries(await post(body, { "content-type": "application/x-www-form-urlencoded" }).formData());
    expect(expected).toEqual([
      ["message", "Café crème + ✨"],
      ["attachment", "a/1/x.png"],
      ["attachment", "a/2/y.pdf"],
      ["empty", ""],
      ["flag", ""],
    ]);
    expect(entries(await readFormWithin(post(body, { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" }), 1024))).toEqual(expected);
    expect(entries(await readFormWithin(post(body, { "content-type": "Application/X-WWW-Form-Urlencoded" }), 1024))).toEqual(expected);
    expect(entries(await readFormWithin(post(new URLSearchParams({ message: "Hello there" })), 1024))).toEqual([["message", "Hello there"]]);
  });

  test("a multipart form keeps its files", async () => {
    const form = new FormData();
    form.set("message", "With a picture");
    form.set("file", new File([new Uint8Array([1, 2, 3])], "dot.png", { type: "image/png" }));
    const read = await readFormWithin(post(form), 4096);
    expect(entries(read)).toEqual([
      ["message", "With a picture"],
      ["file", "file dot.png"],
    ]);
    expect((read!.get("file") as File).size).toBe(3);
  });

  test("a body over the size is not read, whether it says so or not", async () => {
    const body = new URLSearchParams({ message: "x".repeat(2000) });
    expect(await readFormWithin(post(body), 1000)).toBeNull();
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.toString()));
        controller.close();
      },
    });
    const request = new Request("http://localhost/form", {
      method: "POST",
      body: chunked,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    expect(await readFormWithin(request, 1000)).toBeNull();
  });
});
