import { Settings2 } from "lucide-react";
import { costLabel } from "~/lib/chat";
import { CHAT_MODES, type ChatMode } from "~/lib/documents/chat-message";
import { mediaCostLabel } from "~/lib/media-pricing";

export type ModeModels = Record<ChatMode, { modelName: string; cost: number; costUnit: string | null } | null>;

const LABELS: Record<ChatMode, string> = { chat: "Chat", image: "Image", design: "Design", video: "Video", vision: "Vision" };

/** Modes whose send is a picture (or video) request, answered by a media job rather than a chat reply. */
export function sendsPictureRequest(mode: string) {
  return mode === "image" || mode === "design" || mode === "video";
}

/**
 * The composer's settings toggle (spec section 2): the mode a message is sent in, each with the
 * model and cost it would use. A <details> of radio buttons inside the composer's form, so the
 * chosen mode posts with the message without JavaScript too.
 */
export function ModePicker({ modes, mode, onChange }: { modes: ModeModels; mode: ChatMode; onChange: (mode: ChatMode) => void }) {
  return (
    <details className="group relative shrink-0">
      <summary
        className="btn-secondary h-11 cursor-pointer list-none gap-1 px-3 text-xs [&::-webkit-details-marker]:hidden"
        aria-label={`Settings: ${LABELS[mode]} mode`}
      >
        <Settings2 className="size-4" aria-hidden />
        <span className={mode === "chat" ? "sr-only" : ""}>{LABELS[mode]}</span>
      </summary>
      <fieldset className="absolute bottom-full left-0 z-20 mb-2 flex w-72 flex-col gap-1 rounded-xl border border-line bg-surface p-2 shadow-xl">
        <legend className="sr-only">Mode</legend>
        {CHAT_MODES.map((option) => {
          const model = modes[option];
          const price = model ? (sendsPictureRequest(option) ? mediaCostLabel(model.cost, model.costUnit) : costLabel(model.cost, model.costUnit)) : "";
          return (
            <label key={option} className={`flex items-start gap-2 rounded-lg p-2 text-sm ${model ? "cursor-pointer hover:bg-raised" : "opacity-50"}`}>
              <input
                type="radio"
                name="mode"
                value={option}
                checked={mode === option}
                disabled={!model}
                onChange={(event) => {
                  onChange(option);
                  // Chosen: the toggle closes, so the conversation shows again.
                  event.currentTarget.closest("details")?.removeAttribute("open");
                }}
                className="mt-1"
              />
              <span className="min-w-0">
                <span className="font-medium">{LABELS[option]}</span>
                <span className="block truncate text-xs text-muted">{model ? `${model.modelName} · ${price}` : "Not available"}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}
