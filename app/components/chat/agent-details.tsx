import { useLocation } from "react-router";
import { FavoriteButton } from "~/components/favorite-button";
import { useCharacterText } from "~/components/shell/use-profile";
import { costText } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";
import type { PromptSection } from "~/lib/prompt-guide";
import { CharacterPicture } from "../ui/avatar";
import { ChatChoices, type ChatChoicesView } from "./chat-choices";
import { ChatExportLinks } from "./chat-transfer-links";

const QUICK_ACTIONS = [
  { key: "ask_me", label: "chat.details.askMe" },
  { key: "show_me", label: "chat.details.showMe" },
  { key: "send_me", label: "chat.details.sendMe" },
  { key: "can_i_see", label: "chat.details.canISee" },
] as const;

/** Spec: a model name longer than 16 characters shows its first 13 and an ellipsis. */
export function shortModelName(name: string) {
  return name.length > 16 ? `${name.slice(0, 13)}…` : name;
}

type Agent = {
  id: string;
  /** Whether the person has favorited their agent. */
  isFavorite: boolean;
  name: string;
  avatarUrl: string | null;
  bio: string;
  modelName: string;
  cost: number;
  costUnit: string | null;
  /** The model a message with a picture goes to, when it is not the chat model. */
  pictures: { modelName: string; cost: number; costUnit: string | null } | null;
  promptGuide: PromptSection[];
  /** This chat's persona and model choices; null when the models could not be read. */
  chat?: ChatChoicesView | null;
};

/** The agent details panel (spec section 2): on wide screens beside the chat, on phones in a sheet. */
export function AgentDetails({
  agent,
  onEdit,
  onQuickPrompt,
  onOpenGuide,
}: {
  agent: Agent;
  onEdit: () => void;
  onQuickPrompt: (sectionKey: string) => void;
  onOpenGuide: () => void;
}) {
  const location = useLocation();
  const characterText = useCharacterText();
  const t = useT();
  return (
    <div>
      <CharacterPicture
        name={agent.name}
        url={agent.avatarUrl}
        thumbnail={300}
        className="aspect-[3/4] w-full rounded-2xl object-cover"
        width={300}
        height={400}
      />
      <div className="mt-4 flex items-center justify-between gap-2">
        {/* A name of one long word wraps anywhere rather than push Edit out of the panel. */}
        <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">{agent.name}</h2>
        <div className="flex shrink-0 gap-2">
          <FavoriteButton
            itemType="agent"
            itemId={agent.id}
            name={agent.name}
            isFavorite={agent.isFavorite}
            back={location.pathname}
            className="btn-secondary h-8 px-2 aria-pressed:text-pink"
          />
          <button type="button" onClick={onEdit} className="btn-secondary h-8 px-3 text-xs">
            {t("chat.details.edit")}
          </button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">{characterText(agent.bio, agent.name)}</p>
      <dl className="mt-4 text-sm">
        <dt className="text-faint">{t("chat.details.chatModel")}</dt>
        <dd data-testid="agent-model" title={agent.modelName}>
          {shortModelName(agent.modelName)}
        </dd>
        <dt className="mt-2 text-faint">{t("chat.details.cost")}</dt>
        <dd>{costText(t, agent.cost, agent.costUnit)}</dd>
        {agent.pictures ? (
          <>
            <dt className="mt-2 text-faint">{t("chat.details.pictures")}</dt>
            <dd data-testid="agent-picture-model" title={agent.pictures.modelName}>
              {shortModelName(agent.pictures.modelName)} · {costText(t, agent.pictures.cost, agent.pictures.costUnit)}
            </dd>
          </>
        ) : null}
      </dl>
      {agent.chat ? <ChatChoices chat={agent.chat} /> : null}
      <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label={t("chat.details.quickPrompts")}>
        {QUICK_ACTIONS.filter((action) => agent.promptGuide.some((section) => section.key === action.key)).map((action) => (
          <button key={action.key} type="button" onClick={() => onQuickPrompt(action.key)} className="btn-secondary h-8 px-3 text-xs">
            {t(action.label)}
          </button>
        ))}
        {agent.promptGuide.length ? (
          <button type="button" onClick={onOpenGuide} className="btn-secondary h-8 px-3 text-xs">
            {t("chat.details.howToUse")}
          </button>
        ) : null}
      </div>
      <ChatExportLinks />
    </div>
  );
}
