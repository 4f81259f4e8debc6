import { Form, Link, useNavigation } from "react-router";
import { costText } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";

/** This chat's persona and model, as the page's loader gives them (chat-choices.server.ts). */
export type ChatChoicesView = {
  personaId: string | null;
  personas: { id: string; name: string; isDefault: boolean }[];
  ownName: string;
  chatModel: string | null;
  models: { name: string; cost: number; costUnit: string | null }[];
};

/**
 * Who the person is in this chat and which model answers (docs/chat.md): two plain forms in the
 * details panel, each a select and a button, so that they work without JavaScript.
 */
export function ChatChoices({ chat }: { chat: ChatChoicesView }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const defaultPersona = chat.personas.find((persona) => persona.isDefault);
  return (
    <div className="mt-5 flex flex-col gap-4 border-t border-line pt-4 text-sm">
      <Form method="post" className="flex flex-col gap-1.5">
        <input type="hidden" name="intent" value="choose-persona" />
        <label htmlFor="chat-persona" className="text-faint">
          {t("personas.chat.persona")}
        </label>
        <div className="flex gap-2">
          {/* Keyed by the saved choice, so a choice saved elsewhere shows once the page is read again. */}
          <select key={chat.personaId ?? ""} id="chat-persona" name="personaId" defaultValue={chat.personaId ?? ""} className="field h-9 min-w-0 flex-1">
            <option value="">
              {defaultPersona ? t("personas.chat.defaultPersona", { name: defaultPersona.name }) : t("personas.chat.ownName", { name: chat.ownName })}
            </option>
            {chat.personas.map((persona) => (
              <option key={persona.id} value={persona.id}>
                {persona.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn-secondary h-9 shrink-0 px-3 text-xs" disabled={busy}>
            {t("personas.chat.usePersona")}
          </button>
        </div>
        <Link to="/dashboard/personas" className="self-start text-xs font-medium">
          {t("personas.chat.manage")}
        </Link>
      </Form>
      {chat.models.length > 1 || chat.chatModel ? (
        <Form method="post" className="flex flex-col gap-1.5">
          <input type="hidden" name="intent" value="choose-model" />
          <label htmlFor="chat-model" className="text-faint">
            {t("personas.chat.model")}
          </label>
          <div className="flex gap-2">
            <select key={chat.chatModel ?? ""} id="chat-model" name="chatModel" defaultValue={chat.chatModel ?? ""} className="field h-9 min-w-0 flex-1">
              <option value="">{t("personas.chat.characterModel")}</option>
              {chat.models.map((model) => (
                <option key={model.name} value={model.name}>
                  {t("personas.chat.modelOption", { name: model.name, cost: costText(t, model.cost, model.costUnit) })}
                </option>
              ))}
            </select>
            <button type="submit" className="btn-secondary h-9 shrink-0 px-3 text-xs" disabled={busy}>
              {t("personas.chat.switchModel")}
            </button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
