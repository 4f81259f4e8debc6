import type { KeyboardEvent } from "react";
import type { ChatMessageView } from "~/lib/chat";
import { useVersions } from "./version-switch";

/**
 * The arrow keys switch the last reply's versions, as in SillyTavern: ← the one before, → the one
 * after, or on the last a new one (`onNewVersion`). They do so from the conversation (the
 * scroller or a message's buttons) or from the message box while it is empty, where the caret has
 * nowhere to go; anywhere else they keep their own meaning. For the conversation's onKeyDown.
 */
export function useVersionKeys(lastReply: Pick<ChatMessageView, "id" | "versions"> | undefined, onNewVersion?: () => void) {
  const versions = useVersions(lastReply, onNewVersion);
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (!lastReply || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!arrowsSwitchFrom(event.target as HTMLElement)) return;
    const move = event.key === "ArrowLeft" ? versions.previous : versions.next;
    if (!move || versions.busy) return;
    event.preventDefault();
    move();
  };
}

function arrowsSwitchFrom(target: HTMLElement) {
  if (target instanceof HTMLTextAreaElement) return target.name === "message" && target.value === "";
  if (target.closest("input, select, textarea, audio, video, [contenteditable]")) return false;
  return target.closest("[data-conversation]") !== null;
}
