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
const CURSOR = `2026-11-22T20:00:00.000Z_${session.id}`;

function render(props: { older: { next: string | null; state?: "idle" | "loading" | "failed"; fromOlderPage?: boolean }; query: string }, at = "/chat") {
  const Stub = createRoutesStub([{ path: "/chat", Component: () => <ChatSessionList sessions={[session]} activeId={null} {...props} /> }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

/** The "Show older chats" link's address and text, if the list has one. */
function olderLink(html: string) {
  const tag = /<a [^>]*data-testid="older-sessions"[^>]*>([^<]*)<\/a>/.exec(html);
  const href = tag && /href="([^"]*)"/.exec(tag[0]);
  return tag && href ? { href: href[1]!.replaceAll("&amp;", "&"), text: tag[1] } : null;
}

describe("the chat list's older pages", () => {
  test("links to the page after the last chat when there are more", () => {
    const html = render({ older: { next: CURSOR }, query: "" });
    expect(html).toContain("Luna");
    expect(olderLink(html)).toEqual({ href: `/chat?older=${encodeURIComponent(CURSOR)}`, text: chatTexts.olderSessions });
  });

  test("during a search, offers older matches and keeps the search", () => {
    const link = olderLink(render({ older: { next: CURSOR }, query: "lu" }, "/chat?q=lu"));
    expect(link?.text).toBe(chatTexts.olderMatches);
    expect(new URLSearchParams(link!.href.split("?")[1]).get("q")).toBe("lu");
    expect(new URLSearchParams(link!.href.split("?")[1]).get("older")).toBe(CURSOR);
  });

  test("offers nothing when every chat is listed, and is never one of the list's items", () => {
    const html = render({ older: { next: null }, query: "" });
    expect(html).toContain("Luna");
    expect(olderLink(html)).toBeNull();
    expect(html).not.toContain(chatTexts.newestSessions);
    expect(render({ older: { next: CURSOR }, query: "" }).match(/<li[ >]/g)).toHaveLength(1);
  });

  test("says when the next page is on its way, and when it could not be loaded", () => {
    expect(olderLink(render({ older: { next: CURSOR, state: "loading" }, query: "" }))?.text).toBe(chatTexts.loadingOlderSessions);
    const failed = render({ older: { next: CURSOR, state: "failed" }, query: "" });
    expect(failed).toContain(chatTexts.olderSessionsFailed);
    expect(olderLink(failed)?.text).toBe(chatTexts.olderSessions);
  });

  test("an older page (without JavaScript) links back to the newest chats, keeping the search", () => {
    const html = render({ older: { next: null, fromOlderPage: true }, query: "lu" }, `/chat?q=lu&older=${encodeURIComponent(CURSOR)}`);
    const back = new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${chatTexts.newestSessions}</a>`).exec(html);
    expect(back?.[1]).toBe("/chat?q=lu");
  });
});
