import { describe, expect, it } from "vitest";
import { attachmentKindOf, messagePreview } from "./message-preview";

describe("messagePreview", () => {
  it("drops emphasis, code and strike marks and keeps the words", () => {
    expect(messagePreview("The *stars* are out tonight — shall we **watch** them together?")).toBe("The stars are out tonight — shall we watch them together?");
    expect(messagePreview("Run `npm test`, then ~~panic~~ relax. __Really__ _now_.")).toBe("Run npm test, then panic relax. Really now.");
  });

  it("keeps link and image text, not their addresses", () => {
    expect(messagePreview("See [the guide](https://example.com/guide) and ![a chart](/c.png).")).toBe("See the guide and a chart.");
  });

  it("puts headings, quotes, lists and paragraphs on one line without their markers", () => {
    expect(messagePreview("# Plan\n\n> Be kind\n\n- one\n- two\n1. three\n\nDone.")).toBe("Plan Be kind one two three Done.");
    expect(messagePreview("```js\nconst a = 1;\n```\nThat is all.")).toBe("const a = 1; That is all.");
  });

  it("leaves text that only looks like Markdown as it is", () => {
    expect(messagePreview("snake_case_name and 2 * 3 * 4 = 24")).toBe("snake_case_name and 2 * 3 * 4 = 24");
    expect(messagePreview("Price: 5$ or *maybe")).toBe("Price: 5$ or *maybe");
  });

  it("shows at most the given number of characters", () => {
    expect(messagePreview("word ".repeat(200), 20)).toBe("word word word word");
    expect(messagePreview("")).toBe("");
  });
});

describe("attachmentKindOf", () => {
  it("names a picture request's picture or video, also while it is being made", () => {
    expect(attachmentKindOf({ messageType: "image", media: [{ kind: "image" }] })).toBe("picture");
    expect(attachmentKindOf({ messageType: "video", media: [{ kind: "video" }] })).toBe("video");
    expect(attachmentKindOf({ messageType: "image", generating: true })).toBe("picture");
    expect(attachmentKindOf({ messageType: "video", generating: true })).toBe("video");
  });

  it("names an attached picture before any other file, and a file otherwise", () => {
    expect(attachmentKindOf({ attachments: [{ name: "notes.txt" }, { name: "u/photo.JPG" }] })).toBe("picture");
    expect(attachmentKindOf({ attachments: [{ name: "u/notes.pdf" }] })).toBe("file");
  });

  it("names nothing for a message of words only", () => {
    expect(attachmentKindOf({ messageType: "chat" })).toBeUndefined();
    expect(attachmentKindOf({ messageType: "chat", attachments: [], media: [] })).toBeUndefined();
  });
});
