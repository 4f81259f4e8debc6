import { ChevronLeft, Info, PanelRightClose, PanelRightOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TokenBalanceLink } from "~/components/shell/token-balance-link";
import { useProfile } from "~/components/shell/use-profile";
import { CharacterPicture } from "~/components/ui/avatar";
import { useT } from "~/lib/i18n/react";
import type { DetailsPanel } from "./use-details-panel";

/**
 * The conversation's own header: back to all chats (narrow screens), the agent's picture and name,
 * the balance where the shell's header gives way to this one (a phone), Agent details as a dialog
 * (below xl), and the details panel's toggle (from xl). Without JavaScript both lead to the
 * page's `?details` state, which shows the details in place of the conversation.
 */
export function ConversationHeader({
  agent,
  panel,
  onOpenDetails,
  chats,
}: {
  agent: { name: string; avatarUrl: string | null };
  panel: DetailsPanel;
  onOpenDetails: () => void;
  /** The character's chats (issue 36), beside the name. */
  chats?: ReactNode;
}) {
  const profile = useProfile();
  const t = useT();
  return (
    <header className="flex items-center gap-3 border-b border-line px-3 py-2">
      <Link to="/chat" className="rounded-full p-1 text-muted hover:text-ink lg:hidden" aria-label={t("chat.header.allChats")}>
        <ChevronLeft className="size-5" />
      </Link>
      <CharacterPicture name={agent.name} url={agent.avatarUrl} thumbnail={150} className="size-9 shrink-0 rounded-full object-cover" width={36} height={36} />
      <h1 className="min-w-0 flex-1 truncate font-semibold">{agent.name}</h1>
      {chats}
      {/* The shell's header, and its balance, give way to this one on a phone. */}
      {profile ? <TokenBalanceLink tokens={profile.tokens} className="px-2.5 text-xs md:hidden" /> : null}
      {/* Without JavaScript it opens the chat's details as a page state (?details), forms and all. */}
      <Link
        to="?details"
        role="button"
        onClick={(event) => {
          event.preventDefault();
          onOpenDetails();
        }}
        onKeyDown={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          onOpenDetails();
        }}
        className="rounded-full p-1 text-muted hover:text-ink xl:hidden"
        aria-label={t("chat.details.title")}
      >
        <Info className="size-5" />
      </Link>
      <noscript>
        <Link
          to="?details"
          className="hidden rounded-full p-1 text-muted hover:text-ink xl:block min-[1440px]:hidden"
          aria-label={t("chat.header.showDetails")}
        >
          <PanelRightOpen className="size-5" />
        </Link>
      </noscript>
      {panel.panel === "auto" ? (
        <>
          <PanelToggle open={false} onClick={panel.toggle} className="hidden xl:block min-[1440px]:hidden" />
          <PanelToggle open onClick={panel.toggle} className="hidden min-[1440px]:block" />
        </>
      ) : (
        <PanelToggle open={panel.panel === "open"} onClick={panel.toggle} className="hidden xl:block" />
      )}
    </header>
  );
}

function PanelToggle({ open, onClick, className }: { open: boolean; onClick: () => void; className: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-full p-1 text-muted hover:text-ink ${className}`}
      aria-label={open ? t("chat.header.hideDetails") : t("chat.header.showDetails")}
    >
      {open ? <PanelRightClose className="size-5" /> : <PanelRightOpen className="size-5" />}
    </button>
  );
}
