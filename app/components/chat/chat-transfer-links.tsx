import { Download } from "lucide-react";
import { Link, useParams } from "react-router";
import { chatExportHref, type ChatExportFormat } from "~/lib/chat-transfer";
import { useT } from "~/lib/i18n/react";

const FORMATS: { format: ChatExportFormat; label: "transfer.export.json" | "transfer.export.jsonl" | "transfer.export.txt" }[] = [
  { format: "jsonl", label: "transfer.export.jsonl" },
  { format: "json", label: "transfer.export.json" },
  { format: "txt", label: "transfer.export.txt" },
];

/** The open chat's downloads (SillyTavern's chat file, this app's JSON, plain text): plain links, so they work without JavaScript. */
export function ChatExportLinks() {
  const { sessionId } = useParams();
  const t = useT();
  if (!sessionId) return null;
  return (
    <div className="mt-5" role="group" aria-labelledby="chat-export-heading">
      <h3 id="chat-export-heading" className="text-sm text-faint">
        {t("transfer.export.heading")}
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {FORMATS.map(({ format, label }) => (
          <a key={format} href={chatExportHref(sessionId, format)} download className="btn-secondary h-8 gap-1.5 px-3 text-xs">
            <Download className="size-3.5" aria-hidden /> {t(label)}
          </a>
        ))}
      </div>
    </div>
  );
}

/** Above the chat list: search across one's messages, and import a SillyTavern chat. */
export function ChatTransferNav() {
  const t = useT();
  return (
    <nav className="flex flex-wrap gap-2 border-b border-line px-3 py-2" aria-label={t("transfer.nav.label")}>
      {/* Two to a row where they fit (a narrow list beside the chat holds them without icons). */}
      <Link to="/chat/search" className="btn-secondary h-8 flex-1 px-2 text-xs whitespace-nowrap">
        {t("transfer.search.link")}
      </Link>
      <Link to="/chat/import" className="btn-secondary h-8 flex-1 px-2 text-xs whitespace-nowrap">
        {t("transfer.import.link")}
      </Link>
    </nav>
  );
}
