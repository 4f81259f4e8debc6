import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { COPY_CONFIRM_MS } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";
import { searchPromptGuide, type PromptSection } from "~/lib/prompt-guide";
import { showToast } from "~/lib/toasts";
import { Dialog } from "../ui/dialog";
import { copyText } from "./copy-text";

/** The prompt guide (spec section 2): sections, one search across all, copy, or pick to write it. */
export function PromptGuideModal({
  open,
  sections,
  onClose,
  onPick,
}: {
  open: boolean;
  sections: PromptSection[];
  onClose: () => void;
  onPick: (prompt: string) => void;
}) {
  const [query, setQuery] = useState("");
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  const shown = searchPromptGuide(sections, query);
  async function copy(prompt: string) {
    if (!(await copyText(prompt))) return showToast("copy-prompt-failed");
    showToast("prompt-copied");
    setCopied(prompt);
    setTimeout(() => setCopied(null), COPY_CONFIRM_MS);
  }
  return (
    <Dialog open={open} onClose={onClose} title={t("chat.composer.promptGuide")} wide>
      <h2 className="text-xl font-bold">{t("chat.composer.promptGuide")}</h2>
      <label htmlFor="prompt-search" className="sr-only">
        {t("chat.guide.search")}
      </label>
      <input
        id="prompt-search"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t("chat.guide.searchPlaceholder")}
        className="field mt-4 h-10 w-full"
      />
      <div className="mt-4 flex max-h-[60dvh] flex-col gap-5 overflow-y-auto">
        {shown.length === 0 ? <p className="text-sm text-muted">{t("chat.guide.noMatch")}</p> : null}
        {shown.map((section) => (
          <section key={section.key} aria-label={section.title}>
            <h3 className="text-sm font-semibold tracking-wide text-accent uppercase">{section.title}</h3>
            {section.groups.map((group) => (
              <div key={`${section.key}-${group.category}`} className="mt-2">
                {group.category ? <p className="text-xs text-faint">{group.category}</p> : null}
                <ul className="mt-1 flex flex-col gap-1">
                  {group.prompts.map((prompt) => (
                    <li key={prompt} className="flex items-center gap-2">
                      <button
                        type="button"
                        onClick={() => onPick(prompt)}
                        className="flex-1 rounded-lg bg-raised px-3 py-2 text-left text-sm hover:ring-1 hover:ring-accent"
                      >
                        {prompt}
                      </button>
                      <button
                        type="button"
                        onClick={() => copy(prompt)}
                        className="rounded p-1.5 text-muted hover:text-ink"
                        aria-label={copied === prompt ? t("chat.message.copied") : t("chat.guide.copy", { prompt })}
                      >
                        {copied === prompt ? <Check className="size-4" /> : <Copy className="size-4" />}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </div>
    </Dialog>
  );
}
