import { useEffect, useRef, useState } from "react";
import { asksForVoiceNote, type ModeOptions } from "~/lib/chat-modes";
import type { ChatMode } from "~/lib/documents/chat-message";
import type { PromptSection } from "~/lib/prompt-guide";
import { showToast } from "~/lib/toasts";

/**
 * What the chat page writes into the composer and the mode it sends in: a prompt picked from the
 * guide, a quick action or a phone's topic (`write`), each quick action's next prompt in turn
 * (`quick`). A prompt that asks for a picture or a voice note chooses that mode, when the
 * person's plan has it. `modes` null: the composer's settings could not be read, which a toast
 * says too (spec section 8), once per chat.
 */
export function useComposerPrompts(sessionId: string, guide: PromptSection[], modes: ModeOptions | null) {
  const [fill, setFill] = useState<{ text: string; key: number } | null>(null);
  const [mode, setMode] = useState<ChatMode>("chat");
  const picks = useRef<Record<string, number>>({});

  const write = (text: string) => {
    setFill({ text, key: Date.now() });
    if (asksForVoiceNote(text) && modes?.voice && !modes.voice.notInPlan) setMode("voice");
  };
  const quick = (key: string) => {
    const prompts = guide.find((section) => section.key === key)?.groups.flatMap((group) => group.prompts) ?? [];
    if (!prompts.length) return;
    const index = picks.current[key] ?? 0;
    picks.current[key] = index + 1;
    const prompt = prompts[index % prompts.length]!;
    write(prompt);
    // Spec section 2: "Show me...", "Send me..." and "Can I see..." ask for a picture (or, by its words, a voice note).
    if ((key === "show_me" || key === "send_me" || key === "can_i_see") && !asksForVoiceNote(prompt) && modes?.image && !modes.image.notInPlan)
      setMode("image");
  };

  const settingsFailed = modes === null;
  useEffect(() => {
    if (settingsFailed) showToast("model-settings-failed");
  }, [sessionId, settingsFailed]);

  return { fill, mode, setMode, write, quick };
}
