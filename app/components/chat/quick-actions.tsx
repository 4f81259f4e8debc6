/** Spec: the phone's quick-action grid. The first three start a topic; the rest open the details. */
const MOBILE_TOPICS = [
  { label: "Weather", prompt: "What's the weather like where you are today?" },
  {
    label: "Headlines",
    prompt: "What's the most interesting thing you've heard about lately?",
  },
  {
    label: "Nearby",
    prompt: "What's a nice place near you that you'd recommend?",
  },
];
const MOBILE_DETAILS = ["Speak", "Photos", "Videos"];

/** A new chat's quick actions on a phone: a topic writes its prompt into the composer; the others open the agent's details. */
export function MobileQuickActions({ onWrite, onOpenDetails }: { onWrite: (prompt: string) => void; onOpenDetails: () => void }) {
  return (
    <div className="grid grid-cols-3 gap-2 px-3 pb-2 md:hidden" role="group" aria-label="Quick actions">
      {MOBILE_TOPICS.map((topic) => (
        <button key={topic.label} type="button" onClick={() => onWrite(topic.prompt)} className="btn-secondary h-9 px-2 text-xs">
          {topic.label}
        </button>
      ))}
      {MOBILE_DETAILS.map((label) => (
        <button key={label} type="button" onClick={onOpenDetails} className="btn-secondary h-9 px-2 text-xs">
          {label}
        </button>
      ))}
    </div>
  );
}
