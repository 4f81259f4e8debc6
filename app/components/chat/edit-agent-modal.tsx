import { cloneElement, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AGENT_FIELD_MAX } from "~/lib/agent-form";
import type { FieldErrors } from "~/lib/forms";
import type { TextId } from "~/lib/i18n/ids";
import { useT, type Translate } from "~/lib/i18n/react";
import { FormAlert } from "../ui/form";
import { Dialog } from "../ui/dialog";

type Editable = {
  name: string;
  description: string;
  bio: string;
  systemInstruction: string;
  messageInstruction: string;
  models: Record<string, string>;
  /** The published models per type; null when they could not be read (the agent then keeps its own). */
  choices: Record<string, string[]> | null;
};

/** The person's own copy of the character: texts, picture and a model per type (spec section 2). */
export function EditAgentModal({
  open,
  onClose,
  agent,
  error,
  fields = {},
}: {
  open: boolean;
  onClose: () => void;
  agent: Editable;
  error?: string;
  fields?: FieldErrors;
}) {
  const saving = useNavigation().formData?.get("intent") === "edit-agent";
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  // A refused save takes the person to what is wrong: the first field it names, else the alert at the top.
  useEffect(() => {
    if (!error || !open) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else {
      alert.current?.scrollIntoView({ block: "nearest" });
      alert.current?.focus();
    }
  }, [error, fields, open]);
  return (
    <Dialog open={open} onClose={onClose} title={t("chat.edit.title")} wide>
      <h2 className="text-xl font-bold">{t("chat.edit.title")}</h2>
      <p className="mt-1 text-sm text-muted">{t("chat.edit.intro")}</p>
      <Form ref={form} method="post" encType="multipart/form-data" className="mt-5 flex max-h-[65dvh] flex-col gap-4 overflow-y-auto pr-1">
        {error ? (
          <div ref={alert} tabIndex={-1} className="outline-none">
            <FormAlert tone="error">{error}</FormAlert>
          </div>
        ) : null}
        <input type="hidden" name="intent" value="edit-agent" />
        <Field label={t("chat.edit.name")} error={fields.name}>
          <input id="agent-name" name="name" required maxLength={AGENT_FIELD_MAX.name} defaultValue={agent.name} className="field h-10 w-full" />
        </Field>
        <AgentText label={t("chat.edit.description")} name="description" rows={2} agent={agent} error={fields.description} />
        <AgentText label={t("chat.edit.bio")} name="bio" rows={3} agent={agent} error={fields.bio} />
        <Field label={t("chat.edit.avatar")}>
          <input
            id="agent-avatar"
            name="avatar"
            type="file"
            accept="image/*"
            className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
          />
        </Field>
        <AgentText label={t("chat.edit.systemInstruction")} name="systemInstruction" rows={3} agent={agent} error={fields.systemInstruction} />
        <AgentText label={t("chat.edit.messageInstruction")} name="messageInstruction" rows={2} agent={agent} error={fields.messageInstruction} />
        {agent.choices ? null : (
          <p role="alert" className="text-sm text-danger">
            {t("chat.edit.modelsFailed")}
          </p>
        )}
        {Object.entries(agent.choices ?? {}).map(([type, names]) => (
          <Field key={type} label={modelLabel(t, type)} hint={modelUse(t, type)} error={fields[`model:${type}`]}>
            <select id={`agent-model-${type}`} name={`model:${type}`} defaultValue={agent.models[type] ?? ""} className="field h-10 w-full">
              <option value="">{t("chat.edit.default")}</option>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
        ))}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} className="btn-secondary">
            {t("chat.edit.cancel")}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t("chat.edit.saving") : t("chat.edit.save")}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** What the chat does with each model type's choice (decision 034). */
const MODEL_USES: Partial<Record<string, TextId>> = {
  chat: "chat.edit.uses.chat",
  image: "chat.edit.uses.image",
  video: "chat.edit.uses.video",
  audio: "chat.edit.uses.audio",
};

/** Each model type's field, by type ("Image model"). */
const MODEL_LABELS: Partial<Record<string, TextId>> = {
  chat: "chat.edit.model.chat",
  image: "chat.edit.model.image",
  video: "chat.edit.model.video",
  audio: "chat.edit.model.audio",
};

function modelLabel(t: Translate, type: string) {
  const id = MODEL_LABELS[type];
  return id ? t(id) : t("chat.edit.model.other", { type: `${type[0]!.toUpperCase()}${type.slice(1)}` });
}

function modelUse(t: Translate, type: string) {
  const id = MODEL_USES[type];
  return id ? t(id) : undefined;
}

type AgentTextName = "description" | "bio" | "systemInstruction" | "messageInstruction";

/** One of the agent's texts: a textarea with its limit, filled from the agent. */
function AgentText({ label, name, rows, agent, error }: { label: string; name: AgentTextName; rows: number; agent: Editable; error?: string }) {
  const id = `agent-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return (
    <Field label={label} error={error}>
      <textarea id={id} name={name} maxLength={AGENT_FIELD_MAX[name]} rows={rows} defaultValue={agent[name]} className="field w-full py-2" />
    </Field>
  );
}

type FieldControl = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** A labelled control; its error is read out with it (aria-describedby) and marks it invalid. */
function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: React.ReactElement<FieldControl> }) {
  const errorId = `${children.props.id}-error`;
  const hintId = `${children.props.id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={children.props.id} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="-mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error || hint ? cloneElement(children, { ...(error ? { "aria-invalid": true } : {}), "aria-describedby": describedBy }) : children}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
