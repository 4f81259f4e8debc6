import { Settings2 } from "lucide-react";
import { chatTexts, costLabel } from "~/lib/chat";
import { CHAT_MODES, type ChatMode } from "~/lib/documents/chat-message";
import { mediaCostLabel } from "~/lib/media-pricing";

export type ModeModels = Record<ChatMode, { modelName: string; cost: number; costUnit: string | null } | null>;

const LABELS: Record<ChatMode, string> = { chat: "Chat", image: "Image", design: "Design", video: "Video", vision: "Vision" };

/** Modes whose send is a picture (or video) request, answered by a media job rather than a chat reply. */
export function sendsPictureRequest(mode: string) {
  return mode === "image" || mode === "design" || mode === "video";
}

/**
 * One of the composer's tools: a labelled 44 px row in the phone's tools menu, a 44 px round
 * button beside the message box from 768 px on.
 */
export const TOOL =
  "flex h-11 shrink-0 items-center gap-3 rounded-lg px-3 text-sm hover:bg-raised max-md:w-full md:min-w-11 md:justify-center md:gap-1 md:rounded-full md:border md:border-line md:bg-raised md:hover:border-accent";

/**
 * The composer's settings toggle (spec section 2): the mode a message is sent in, each with the
 * model and cost it would use. A <details> of radio buttons inside the composer's form, so the
 * chosen mode posts with the message without JavaScript too. In the phone's tools menu its
 * choices open in place, under it. `modes` null: the models could not be read, and it says so
 * (messages go in chat mode).
 */
export function ModePicker({ modes, mode, onChange }: { modes: ModeModels | null; mode: ChatMode; onChange: (mode: ChatMode) => void }) {
  return (
    <details className="group relative shrink-0">
      <summary className={`${TOOL} cursor-pointer list-none md:px-3 [&::-webkit-details-marker]:hidden`} aria-label={`Settings: ${LABELS[mode]} mode`}>
        <Settings2 className="size-4 shrink-0" aria-hidden />
        <span className={`md:text-xs ${mode === "chat" ? "md:sr-only" : ""}`}>
          {LABELS[mode]}
          <span className="md:hidden"> mode</span>
        </span>
      </summary>
      <fieldset className="flex min-w-0 flex-col gap-1 max-md:mt-1 md:absolute md:bottom-full md:left-0 md:z-20 md:mb-2 md:w-80 md:rounded-xl md:border md:border-line md:bg-surface md:p-2 md:shadow-xl">
        <legend className="sr-only">Mode</legend>
        {modes ? null : <p className="p-2 text-sm text-danger">{chatTexts.modelSettingsFailed}</p>}
        {(modes ? CHAT_MODES : []).map((option) => {
          const model = modes![option];
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
