import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { chatTexts, type ChatSessionSummary } from "~/lib/chat";
import { ChatSessionList } from "./session-list";

const session: ChatSessionSummary = {
  id: "11111111-1111-4111-8111-111111111111",
  agentId: "22222222-2222-4222-8222-222222222222",
  agentName: "Luna",
  agentAvatar: null,
  characterId: "33333333-3333-4333-8333-333333333333",
  lastMessage: "See you tonight",
  lastMessageTime: "2026-11-22T20:00:00.000Z",
};

function render(props: { capped: boolean; query: string }) {
  const Stub = createRoutesStub([{ path: "/chat", Component: () => <ChatSessionList sessions={[session]} activeId={null} {...props} /> }]);
  return renderToString(<Stub initialEntries={["/chat"]} />);
}

describe("the chat list's note on chats left out", () => {
  test("says to search when the newest chats are all it holds", () => {
    const html = render({ capped: true, query: "" });
    expect(html).toContain("Luna");
    expect(html).toContain(chatTexts.olderSessionsHint);
  });

  test("says to narrow the search when the matches were cut", () => {
    const html = render({ capped: true, query: "lu" });
    expect(html).toContain(chatTexts.olderMatchesHint);
    expect(html).not.toContain(chatTexts.olderSessionsHint);
  });

  test("says nothing when every chat is listed, and is never one of the list's items", () => {
    const html = render({ capped: false, query: "" });
    expect(html).toContain("Luna");
    expect(html).not.toContain(chatTexts.olderSessionsHint);
    expect(render({ capped: true, query: "" }).match(/<li[ >]/g)).toHaveLength(1);
  });
});
