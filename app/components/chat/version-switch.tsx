import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, useFetcher } from "react-router";
import type { ChatMessageView } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";

/**
 * Every switch between a message's versions goes through this one fetcher, shared by the bubble's
 * arrows and the chat page's arrow keys, so both show the version on its way.
 */
const VERSION_FETCHER = "select-version";

/**
 * Swipes, as in SillyTavern: which version of a message is shown, and the moves from it. `next`
 * on the last version is `onNewVersion` (a regenerate), when the message may get one.
 */
export function useVersions(message: Pick<ChatMessageView, "id" | "versions"> | undefined, onNewVersion?: () => void) {
  const fetcher = useFetcher({ key: VERSION_FETCHER });
  const count = message?.versions?.count ?? 1;
  const asked = message && fetcher.formData?.get("messageId") === message.id ? Number(fetcher.formData.get("version")) : null;
  const shown = asked ?? message?.versions?.selected ?? 0;
  const busy = fetcher.state !== "idle";
  const select = (version: number) => () => {
    if (!message || busy) return;
    void fetcher.submit({ intent: "select-version", messageId: message.id, version: String(version) }, { method: "post", preventScrollReset: true });
  };
  return {
    fetcher,
    count,
    shown,
    busy,
    previous: shown > 0 ? select(shown - 1) : null,
    next: shown < count - 1 ? select(shown + 1) : (onNewVersion ?? null),
  };
}

/** The arrows' look: 44 px targets (issue 31), whatever the pointer. */
const ARROW = "flex size-11 items-center justify-center rounded-full hover:bg-black/20 disabled:opacity-40 disabled:hover:bg-transparent";

/**
 * "‹ 1/3 ›" between a message's versions. Each arrow is a form post, so it works without
 * JavaScript; only the chat's last message can switch (`enabled`), since the conversation after
 * it was answered from the version shown. On the last version, › asks for a new one
 * (`onNewVersion`, a Regenerate), posting the page's regenerate form without JavaScript.
 */
export function VersionSwitch({
  message,
  enabled,
  onNewVersion,
}: {
  message: Pick<ChatMessageView, "id" | "versions">;
  enabled: boolean;
  onNewVersion?: () => void;
}) {
  const versions = useVersions(message, onNewVersion);
  const t = useT();
  const { fetcher, count, shown } = versions;
  const arrow = (to: number, label: string, forward: boolean) => (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="select-version" />
      <input type="hidden" name="messageId" value={message.id} />
      <input type="hidden" name="version" value={to} />
      <button type="submit" disabled={!enabled || to < 0 || to >= count || versions.busy} className={ARROW} aria-label={label}>
        {forward ? <ChevronRight className="size-5" aria-hidden /> : <ChevronLeft className="size-5" aria-hidden />}
      </button>
    </fetcher.Form>
  );
  const newVersion = enabled && onNewVersion && shown === count - 1;
  return (
    <div className="-my-1.5 -ml-3 flex items-center text-xs" data-versions>
      {count > 1 ? arrow(shown - 1, t("chat.version.previous"), false) : null}
      {count > 1 ? (
        <span aria-live="polite" className="min-w-8 text-center tabular-nums">
          {shown + 1}/{count}
        </span>
      ) : null}
      {newVersion ? (
        <Form
          method="post"
          preventScrollReset
          onSubmit={(event) => {
            event.preventDefault();
            onNewVersion();
          }}
        >
          <input type="hidden" name="intent" value="regenerate" />
          <button type="submit" className={ARROW} aria-label={t("chat.version.new")} title={t("chat.version.new")}>
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </Form>
      ) : count > 1 ? (
        arrow(shown + 1, t("chat.version.next"), true)
      ) : null}
    </div>
  );
}
