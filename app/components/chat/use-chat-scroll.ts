import { useCallback, useLayoutEffect, useRef, useState, type UIEvent } from "react";

/** Closer to the bottom than this, the conversation follows new messages; further up, it keeps the reader's place. */
const FOLLOW_WITHIN_PX = 100;

/**
 * The conversation's scroller is served laid out from the bottom (`flex-col-reverse`), so it opens
 * at the newest message before any script runs, on a slow phone and without JavaScript; scrollTop
 * is 0 at the bottom and negative above it. Where the browser has scroll anchoring (Chrome, Edge,
 * Firefox) it stays so, and the browser keeps the reader's place as messages arrive below. Safari
 * has none: there the script turns it top-down, where arriving messages leave the place as it is,
 * keeping the place it had (its own `data-layout` says which way it lies).
 */
let anchoring: boolean | undefined;
const hasScrollAnchoring = () => (anchoring ??= CSS.supports("overflow-anchor", "auto"));
const fromBottom = (element: HTMLElement) => element.dataset.layout === "bottom-up";
const scrolledUp = (element: HTMLElement) =>
  fromBottom(element) ? Math.max(0, -element.scrollTop) : element.scrollHeight - element.scrollTop - element.clientHeight;
const newestAt = (element: HTMLElement) => (fromBottom(element) ? 0 : element.scrollHeight);

/**
 * Where the conversation of `sessionId` is scrolled as its `messages` change. It follows new
 * messages while the person is near the bottom and keeps the place while they read further up
 * (the browser's scroll anchoring, or Safari's top-down layout, does). Another chat, or the
 * person's own message (`followOwnMessage`), always shows the newest. The page opened at the
 * newest message by itself, and someone who scrolled up before the script started keeps their
 * place; older messages added above (`keepPlaceAboveOlder`) need the place restored only when laid
 * out from the top.
 */
export function useChatScroll(sessionId: string, messages: readonly unknown[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const [topDown, setTopDown] = useState(false);
  const [awayFromBottom, setAwayState] = useState(false);
  // Read by the layout effect, which must not run again only because the person scrolled.
  const away = useRef(false);
  const opened = useRef(false);
  const previousHeight = useRef(0);
  const shownSession = useRef(sessionId);
  const jumpToBottom = useRef(false);
  const keptFromBottom = useRef<number | null>(null);

  const setAwayFromBottom = useCallback((value: boolean) => {
    away.current = value;
    setAwayState(value);
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const opening = !opened.current;
    opened.current = true;
    if (opening && !hasScrollAnchoring()) {
      // Safari: turned top-down before it paints again (this runs again then), at the same place.
      keptFromBottom.current = scrolledUp(element);
      setTopDown(true);
      return;
    }
    if (keptFromBottom.current !== null && !fromBottom(element)) {
      element.scrollTop = element.scrollHeight - element.clientHeight - keptFromBottom.current;
      setAwayFromBottom(keptFromBottom.current > FOLLOW_WITHIN_PX);
      keptFromBottom.current = null;
      return;
    }
    const switched = shownSession.current !== sessionId;
    shownSession.current = sessionId;
    if (switched || jumpToBottom.current) {
      jumpToBottom.current = false;
      previousHeight.current = 0;
      setAwayFromBottom(false);
      element.scrollTop = newestAt(element);
    } else if (opening) {
      // Served bottom-up, it opened at the newest message; a scroll made before the script stays.
      if (scrolledUp(element) > FOLLOW_WITHIN_PX) setAwayFromBottom(true);
    } else if (previousHeight.current) {
      if (!fromBottom(element)) element.scrollTop += element.scrollHeight - previousHeight.current;
      previousHeight.current = 0;
    } else if (!away.current) element.scrollTop = newestAt(element);
  }, [messages, sessionId, topDown, setAwayFromBottom]);

  const keepPlaceAboveOlder = useCallback(() => {
    previousHeight.current = scroller.current?.scrollHeight ?? 0;
  }, []);
  const followOwnMessage = useCallback(() => {
    jumpToBottom.current = true;
  }, []);
  return {
    /** For the scrolling element: its ref, which way it is laid out, and whether the person has scrolled away from the newest. */
    scrollerProps: {
      ref: scroller,
      "data-layout": topDown ? "top-down" : "bottom-up",
      onScroll: (event: UIEvent<HTMLElement>) => setAwayFromBottom(scrolledUp(event.currentTarget) > FOLLOW_WITHIN_PX),
    },
    topDown,
    awayFromBottom,
    /** Before older messages are added above the ones shown. */
    keepPlaceAboveOlder,
    /** Before the person's own message is shown: the newest is shown after it. */
    followOwnMessage,
    /** The "newest message" button: a smooth scroll down. */
    scrollToNewest: () => scroller.current?.scrollTo({ top: newestAt(scroller.current), behavior: "smooth" }),
  };
}
