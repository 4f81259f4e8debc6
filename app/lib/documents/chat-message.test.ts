import { describe, expect, test } from "vitest";
import { chatMessageDocumentSchema, chatMessageDocumentTexts, parseChatMessageDocument } from "./chat-message";

describe("a chat message's document", () => {
  test("a stored document reads as it is", () => {
    const stored = {
      mode: "image",
      uploadedFiles: [{ path: "user/a.png", name: "a.png", content_type: "image/png" }],
      selectedModel: "FLUX.1 [schnell]",
      settings: { image_size: "square", num_images: 2, enable_safety_checker: true },
      ai_platform: "fal",
      model_id: "fal-ai/flux/schnell",
      message: "A lighthouse",
      isGenerating: false,
      request_id: "req-1",
    };
    expect(parseChatMessageDocument(stored)).toEqual(stored);
    expect(parseChatMessageDocument({})).toEqual({ uploadedFiles: [], settings: {} });
  });

  test("malformed stored parts read as not set, and files without a path are left out, without throwing", () => {
    for (const nonsense of [null, "hello", 3, []]) expect(parseChatMessageDocument(nonsense)).toEqual({ uploadedFiles: [], settings: {} });
    expect(
      parseChatMessageDocument({
        mode: "poetry",
        uploadedFiles: [{ path: "user/a.png", name: 7 }, { name: "no-path.png" }, "user/b.png", null],
        settings: { image_size: "square", odd: { w: 1 } },
        isGenerating: "yes",
        request_id: 12,
      }),
    ).toEqual({ uploadedFiles: [{ path: "user/a.png" }], settings: { image_size: "square" } });
    expect(parseChatMessageDocument({ uploadedFiles: "user/a.png" }).uploadedFiles).toEqual([]);
  });

  test("a write of what a send or a reply records passes", () => {
    const send = { uploadedFiles: [{ path: "user/a.png", name: "a.png" }], message: "Look" };
    expect(chatMessageDocumentSchema.parse(send)).toEqual(send);
    const reply = { ai_platform: "demo", model_id: "demo-chat", selectedModel: "Demo Chat (offline)" };
    expect(chatMessageDocumentSchema.parse(reply)).toEqual(reply);
  });

  test("a write with an unknown mode, a file without its path or a part of the wrong type is refused with the reason", () => {
    const refused = (value: unknown) => chatMessageDocumentSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(refused({ mode: "poetry", uploadedFiles: [{ name: "a.png" }], model_id: 4, isGenerating: "yes" })).toEqual([
      { path: ["mode"], message: chatMessageDocumentTexts.mode },
      { path: ["uploadedFiles", 0, "path"], message: chatMessageDocumentTexts.path },
      { path: ["model_id"], message: "model_id must be a text" },
      { path: ["isGenerating"], message: chatMessageDocumentTexts.isGenerating },
    ]);
    expect(refused({ uploadedFiles: [{ path: "" }] })).toEqual([{ path: ["uploadedFiles", 0, "path"], message: chatMessageDocumentTexts.path }]);
    expect(refused({ selected_model: "x" })?.[0]?.message).toBe('Unrecognized key: "selected_model"');
  });
});
