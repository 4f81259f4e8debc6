import { Settings2 } from "lucide-react";
import { Link } from "react-router";
import { costText } from "~/lib/chat";
import { MODE_HINTS, MODE_LABELS, sendsMediaRequest, SUBSCRIPTION_PATH, type ModeOptions } from "~/lib/chat-modes";
import { Rich, useT } from "~/lib/i18n/react";
import { CHAT_MODES, type ChatMode } from "~/lib/documents/chat-message";
import { mediaCostText } from "~/lib/media-pricing";

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
 * choices open in place, under it. A mode no model can answer is not offered; one the person's
 * plan leaves out is shown, not choosable, with a link to the plans (decision 034). `modes` null:
 * the models could not be read, and it says so (messages go in chat mode).
 */
export function ModePicker({ modes, mode, onChange }: { modes: ModeOptions | null; mode: ChatMode; onChange: (mode: ChatMode) => void }) {
  const t = useT();
  return (
    <details className="group relative shrink-0">
      <summary
        className={`${TOOL} cursor-pointer list-none md:px-3 [&::-webkit-details-marker]:hidden`}
        aria-label={t("chat.mode.settings", { mode: t(MODE_LABELS[mode]) })}
      >
        <Settings2 className="size-4 shrink-0" aria-hidden />
        <span className={`md:text-xs ${mode === "chat" ? "md:sr-only" : ""}`}>
          <Rich id="chat.mode.named" values={{ mode: t(MODE_LABELS[mode]) }} tags={{ hide: (text) => <span className="md:hidden">{text}</span> }} />
        </span>
      </summary>
      <fieldset className="flex min-w-0 flex-col gap-1 max-md:mt-1 md:absolute md:bottom-full md:left-0 md:z-20 md:mb-2 md:max-h-[70dvh] md:w-80 md:overflow-y-auto md:rounded-xl md:border md:border-line md:bg-surface md:p-2 md:shadow-xl">
        <legend className="sr-only">{t("chat.mode.legend")}</legend>
        {modes ? null : <p className="p-2 text-sm text-danger">{t("chat.mode.settingsFailed")}</p>}
        {(modes ? CHAT_MODES : []).map((option) => {
          const model = modes![option];
          if (!model) return null;
          const price = sendsMediaRequest(option) ? mediaCostText(t, model.cost, model.costUnit) : costText(t, model.cost, model.costUnit);
          const choosable = !model.notInPlan;
          const detail = `${option}-mode-detail`;
          return (
            <div key={option} className={`rounded-lg p-2 text-sm ${choosable ? "hover:bg-raised" : ""}`}>
              <label className={`flex items-start gap-2 ${choosable ? "cursor-pointer" : ""}`}>
                <input
                  type="radio"
                  name="mode"
                  value={option}
                  checked={mode === option}
                  disabled={!choosable}
                  aria-describedby={detail}
                  onChange={(event) => {
                    onChange(option);
                    // Chosen: the toggle closes, so the conversation shows again.
                    event.currentTarget.closest("details")?.removeAttribute("open");
                  }}
                  className="mt-1"
                />
                <span className="min-w-0">
                  <span className={`font-medium ${choosable ? "" : "text-muted"}`}>{t(MODE_LABELS[option])}</span>
                  <span id={detail} className="block text-xs text-muted">
                    {choosable ? (
                      <>
                        <span className="block truncate">{t(MODE_HINTS[option])}</span>
                        {/* A voice note is the reply and then its sound: both are paid. */}
                        <span className="block truncate">{`${model.modelName} · ${price}${option === "voice" ? t("chat.mode.andTheReply") : ""}`}</span>
                      </>
                    ) : (
                      t("chat.mode.notInPlanShort", { plan: model.notInPlan! })
                    )}
                  </span>
                </span>
              </label>
              {choosable ? null : (
                <Link to={SUBSCRIPTION_PATH} className="ml-6 text-xs font-medium text-accent underline">
                  <Rich id="chat.mode.seePlans" values={{ mode: t(MODE_LABELS[option]) }} tags={{ sr: (text) => <span className="sr-only">{text}</span> }} />
                </Link>
              )}
            </div>
          );
        })}
      </fieldset>
    </details>
  );
}
