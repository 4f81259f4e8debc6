import { useT } from "~/lib/i18n/react";

/** Spec: the phone's quick-action grid. The first three start a topic; the rest open the details. */
const MOBILE_TOPICS = [
  { label: "chat.quick.weather", prompt: "chat.quick.weatherPrompt" },
  { label: "chat.quick.headlines", prompt: "chat.quick.headlinesPrompt" },
  { label: "chat.quick.nearby", prompt: "chat.quick.nearbyPrompt" },
] as const;
const MOBILE_DETAILS = ["chat.quick.speak", "chat.quick.photos", "chat.quick.videos"] as const;

/** A new chat's quick actions on a phone: a topic writes its prompt into the composer; the others open the agent's details. */
export function MobileQuickActions({ onWrite, onOpenDetails }: { onWrite: (prompt: string) => void; onOpenDetails: () => void }) {
  const t = useT();
  return (
    <div className="grid grid-cols-3 gap-2 px-3 pb-2 md:hidden" role="group" aria-label={t("chat.quick.label")}>
      {MOBILE_TOPICS.map((topic) => (
        <button key={topic.label} type="button" onClick={() => onWrite(t(topic.prompt))} className="btn-secondary h-9 px-2 text-xs">
          {t(topic.label)}
        </button>
      ))}
      {MOBILE_DETAILS.map((label) => (
        <button key={label} type="button" onClick={onOpenDetails} className="btn-secondary h-9 px-2 text-xs">
          {t(label)}
        </button>
      ))}
    </div>
  );
}
