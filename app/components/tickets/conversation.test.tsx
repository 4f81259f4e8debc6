import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Conversation } from "./conversation";

describe("a ticket's conversation", () => {
  test("shows what people wrote as text, never as HTML", () => {
    const html = renderToString(
      <Conversation
        empty="No replies yet."
        entries={[
          {
            id: "1",
            name: "<i>Ada</i>",
            avatar: null,
            createdAt: "2026-11-25T10:00:00.000Z",
            message: 'Line one\n<img src=x onerror="alert(1)"><b>bold?</b>',
            fromStaff: false,
          },
        ]}
      />,
    );
    expect(html).toContain("Line one\n&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;bold?&lt;/b&gt;");
    expect(html).toContain("&lt;i&gt;Ada&lt;/i&gt;");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>");
  });

  test("says so when nobody has replied", () => {
    expect(renderToString(<Conversation empty="No replies yet." entries={[]} />)).toContain("No replies yet.");
  });
});
