import { BookOpen, Paperclip, Plus, RotateCcw, SendHorizontal, Square, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, useNavigation } from "react-router";
import { ATTACHMENT_EXTENSIONS, type AttachmentView } from "~/lib/attachments";
import { MESSAGE_COUNT_FROM_CHARS, MESSAGE_MAX_CHARS } from "~/lib/chat";
import { useFormats, useT } from "~/lib/i18n/react";
import { useAttachments } from "./attachment-picker";
import { sendsMediaRequest, type ModeOptions } from "~/lib/chat-modes";
import type { ChatMode } from "~/lib/documents/chat-message";
import { ModePicker, TOOL } from "./mode-picker";
import { VoiceInput } from "./voice-input";

const MAX_HEIGHT_PX = 200;

/** Storage can be refused (private modes, full): the draft is then only in the box. */
function readDraft(key: string) {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function keepDraft(key: string, text: string) {
  try {
    if (text.trim()) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // Not kept: see readDraft.
  }
}

/**
 * 'Write a message...': grows to 200 px, Enter sends, Shift+Enter adds a line. A plain form
 * underneath, so without JavaScript it posts to the page and the reply comes back with it. On
 * phones (under 768 px) the tools (mode, attach, prompt guide, mic) fold into one menu, so the
 * message box keeps most of the row; wider, they sit beside it. The mic shows only where the
 * browser can recognise speech (VoiceInput).
 */
export function ChatComposer({
  streaming,
  draft,
  draftKey,
  canRegenerate,
  onSend,
  onStop,
  onRegenerate,
  fill,
  onOpenGuide,
  modes,
  mode = "chat",
  onModeChange,
}: {
  streaming: boolean;
  /** The text of a send the page's form posted and the server refused (without JavaScript). */
  draft?: string;
  /**
   * Where the unsent text is kept in this tab (sessionStorage), so that it is still in the box
   * after the person leaves and comes back: to buy tokens, say, and return from the payment.
   */
  draftKey?: string;
  canRegenerate: boolean;
  /** Resolves false when the message did not reach the server: its text and files come back. A chat or vision send. */
  onSend: (text: string, attachments: AttachmentView[], mode: ChatMode) => Promise<boolean>;
  onStop: () => void;
  onRegenerate: () => void;
  /** A prompt picked elsewhere (quick actions, the prompt guide) to write into the box. */
  fill?: { text: string; key: number } | null;
  /** Shown only when the agent has an Ask Me guide (spec section 2). */
  onOpenGuide?: () => void;
  /** The model (and cost) each mode would use; a mode without one is not offered. Null: they could not be read. */
  modes?: ModeOptions | null;
  mode?: ChatMode;
  onModeChange?: (mode: ChatMode) => void;
}) {
  const navigation = useNavigation();
  const t = useT();
  const { number } = useFormats();
  // Spec section 2: in a mode other than chat, 'Processing your request...' shows while the request is sent.
  const processing = navigation.state === "submitting" && sendsMediaRequest(String(navigation.formData?.get("mode") ?? ""));
  const input = useRef<HTMLTextAreaElement>(null);
  const tools = useRef<HTMLDetailsElement>(null);
  const closeTools = () => tools.current?.removeAttribute("open");
  const attachments = useAttachments();
  // The text's length once it is counted (0 below that), so that typing does not re-render the composer.
  const [length, setLength] = useState(0);

  // A ref, so that grow (called from effects) reads the chat's key without depending on it.
  const keptAs = useRef(draftKey);
  keptAs.current = draftKey;

  useEffect(() => {
    const field = input.current;
    if (!draftKey || !field || field.value) return;
    const kept = readDraft(draftKey);
    if (!kept) return;
    field.value = kept;
    grow();
  }, [draftKey]);

  useEffect(() => {
    if (!fill || !input.current) return;
    input.current.value = fill.text;
    input.current.focus();
    grow();
  }, [fill]);

  // Called whenever the text changes: typed, pasted, filled in, sent or given back.
  function grow() {
    const field = input.current;
    if (!field) return;
    setLength(field.value.length >= MESSAGE_COUNT_FROM_CHARS ? field.value.length : 0);
    if (keptAs.current) keepDraft(keptAs.current, field.value);
    field.style.height = "auto";
    field.style.height = `${Math.min(field.scrollHeight, MAX_HEIGHT_PX)}px`;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (sendsMediaRequest(mode)) {
      // A picture, video or voice-note request posts the form to the page (as without JavaScript),
      // with the uploaded files named in it; its reply fills in live.
      if (!input.current?.value.trim() || processing || attachments.busy) return event.preventDefault();
      setTimeout(() => {
        if (input.current) input.current.value = "";
        attachments.clear();
        grow();
      });
      return;
    }
    event.preventDefault();
    const text = input.current?.value.trim() ?? "";
    const files = attachments.ready;
    if ((!text && files.length === 0) || streaming || attachments.busy) return;
    attachments.clear();
    input.current!.value = "";
    grow();
    if (!(await onSend(text, files, mode))) giveBack(text, files);
  }

  // A phrase dictated with the mic joins what is already in the box.
  function dictate(text: string) {
    const field = input.current;
    if (!field) return;
    field.value = field.value.trim() ? `${field.value.trimEnd()} ${text}` : text;
    grow();
    field.focus();
  }

  // Nothing typed is lost: the text goes back in front of whatever was written since.
  function giveBack(text: string, files: AttachmentView[]) {
    const field = input.current;
    if (field) field.value = field.value ? `${text}\n${field.value}` : text;
    grow();
    attachments.restore(files);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  return (
    <div className="relative border-t border-line bg-surface p-3">
      {processing ? (
        <div role="status" className="absolute inset-0 z-10 flex items-center justify-center bg-surface/90 text-sm font-medium">
          {t("chat.composer.processing")}
        </div>
      ) : null}
      {canRegenerate && !streaming ? (
        // A form of its own, so that without JavaScript it posts to the page like the composer.
        <Form
          method="post"
          className="mb-2 flex justify-center"
          onSubmit={(event) => {
            event.preventDefault();
            onRegenerate();
          }}
        >
          <input type="hidden" name="intent" value="regenerate" />
          <button type="submit" className="btn-secondary h-8 px-3 text-xs">
            <RotateCcw className="size-3.5" aria-hidden /> {t("chat.composer.regenerate")}
          </button>
        </Form>
      ) : null}
      {attachments.files.length || attachments.problem ? (
        <div className="mb-2 flex flex-wrap items-center gap-2" role="group" aria-label={t("chat.composer.attachments")}>
          {attachments.files.map((file) => (
            <span key={file.key} className="inline-flex items-center gap-1.5 rounded-full bg-raised px-3 py-1 text-xs">
              {file.name}
              <span className="text-muted" role="status">
                {file.uploaded ? t("chat.composer.ready") : `${file.progress}%`}
              </span>
              <button type="button" onClick={() => attachments.remove(file.key)} aria-label={t("chat.composer.remove", { name: file.name })}>
                <X className="size-3.5" />
              </button>
            </span>
          ))}
          {attachments.problem ? (
            <span className="text-xs text-danger" role="alert">
              {attachments.problem}
            </span>
          ) : null}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" onSubmit={submit} className="relative flex items-end gap-2">
        <input type="hidden" name="intent" value="send" />
        {/* With JavaScript the files are uploaded as they are picked: a request posted with the form names them. */}
        {attachments.ready.map((file) => (
          <input key={file.path} type="hidden" name="attachment" value={file.path} />
        ))}
        {/* Phones: one disclosure holds the tools (a <details>, so it opens without JavaScript too); the panel after it shows while it is open. */}
        <details ref={tools} className="peer/tools shrink-0 md:hidden" onKeyDown={(event) => event.key === "Escape" && closeTools()}>
          <summary
            className="btn-secondary size-11 cursor-pointer list-none p-0 [&::-webkit-details-marker]:hidden"
            aria-label={t("chat.composer.moreTools")}
            title={t("chat.composer.moreTools")}
          >
            <Plus className="size-5" aria-hidden />
          </summary>
        </details>
        <div
          className="hidden max-md:absolute max-md:bottom-full max-md:left-0 max-md:z-20 max-md:mb-2 max-md:w-80 max-md:flex-col max-md:gap-1 max-md:rounded-xl max-md:border max-md:border-line max-md:bg-surface max-md:p-2 max-md:shadow-xl max-md:peer-open/tools:flex md:contents"
          onKeyDown={(event) => event.key === "Escape" && closeTools()}
        >
          {modes !== undefined ? (
            <ModePicker
              modes={modes}
              mode={mode}
              onChange={(next) => {
                onModeChange?.(next);
                closeTools();
              }}
            />
          ) : null}
          {/* The file field itself is hidden: its button shows the keyboard focus for it. */}
          <label className={`${TOOL} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent`}>
            <Paperclip className="size-4 shrink-0" aria-hidden />
            <span className="md:sr-only">{t("chat.composer.attachFiles")}</span>
            {/* Named so that without JavaScript the chosen files post with the message; with it, each is uploaded at once and the field emptied. */}
            <input
              type="file"
              name="file"
              multiple
              className="sr-only"
              accept={ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
              onChange={(event) => {
                attachments.add(event.currentTarget.files);
                event.currentTarget.value = "";
                closeTools();
              }}
            />
          </label>
          <VoiceInput onText={dictate} onUse={closeTools} />
          {onOpenGuide ? (
            <button
              type="button"
              onClick={() => {
                closeTools();
                onOpenGuide();
              }}
              className={TOOL}
            >
              <BookOpen className="size-4 shrink-0" aria-hidden />
              <span className="md:sr-only">{t("chat.composer.promptGuide")}</span>
            </button>
          ) : null}
        </div>
        <label htmlFor="chat-message" className="sr-only">
          {t("chat.composer.message")}
        </label>
        <textarea
          id="chat-message"
          ref={input}
          name="message"
          defaultValue={draft}
          rows={1}
          maxLength={MESSAGE_MAX_CHARS}
          aria-describedby={length >= MESSAGE_COUNT_FROM_CHARS ? "chat-message-length" : undefined}
          placeholder={t("chat.composer.placeholder")}
          onInput={grow}
          onKeyDown={onKeyDown}
          onFocus={closeTools}
          className="field max-h-[200px] min-h-11 min-w-0 flex-1 resize-none py-2.5"
        />
        {streaming ? (
          <button type="button" onClick={onStop} className="btn-secondary h-11 w-11 shrink-0 p-0" aria-label={t("chat.composer.stop")}>
            <Square className="size-4" />
          </button>
        ) : (
          <button type="submit" className="btn-primary h-11 w-11 shrink-0 p-0" aria-label={t("chat.composer.send")}>
            <SendHorizontal className="size-4" />
          </button>
        )}
      </Form>
      {length >= MESSAGE_COUNT_FROM_CHARS ? (
        <p id="chat-message-length" role="status" className={`mt-1 text-right text-xs ${length >= MESSAGE_MAX_CHARS ? "text-danger" : "text-muted"}`}>
          {t(length >= MESSAGE_MAX_CHARS ? "chat.composer.lengthFull" : "chat.composer.length", { count: number(length), max: number(MESSAGE_MAX_CHARS) })}
        </p>
      ) : null}
    </div>
  );
}
