import type { DisplayedMessage } from "./message-bubble";
import { useVersionKeys } from "./use-version-keys";

/**
 * What the chat offers for its last reply: when it is one written and saved (`lastReply`), its
 * arrows switch versions (also by the keyboard: `versionKeys`) and › on its last version asks for
 * a new one (`onNewVersion`). When the last message failed or never came (stopped before a word,
 * or the page reloaded after a failure), the composer asks again (`canRegenerate`); a send the
 * server refused kept nothing to answer. Only a chat reply is asked again: a picture, a voice
 * note or a vision answer is asked for anew in its mode.
 */
export function useReplyControls(chat: { messages: DisplayedMessage[]; streaming: boolean; regenerate: () => unknown }) {
  const last = chat.messages.at(-1);
  const answerable = chat.messages.some((message) => message.senderType === "user");
  const lastReply =
    last && last.senderType === "agent" && last.messageType === "chat" && !last.pending && !last.thinking && !last.failed && !last.id.startsWith("temp-")
      ? last
      : undefined;
  const onNewVersion = lastReply && answerable && !chat.streaming ? chat.regenerate : undefined;
  const versionKeys = useVersionKeys(lastReply, onNewVersion);
  const canRegenerate = last !== undefined && last.messageType === "chat" && !last.refused && answerable && !lastReply;
  return { lastReply, onNewVersion, versionKeys, canRegenerate };
}
