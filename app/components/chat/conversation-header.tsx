import { ChevronLeft, Info, PanelRightClose, PanelRightOpen } from "lucide-react";
import { Link } from "react-router";
import { TokenBalanceLink } from "~/components/shell/token-balance-link";
import { useProfile } from "~/components/shell/use-profile";
import { CharacterPicture } from "~/components/ui/avatar";
import type { DetailsPanel } from "./use-details-panel";

/**
 * The conversation's own header: back to all chats (narrow screens), the agent's picture and name,
 * the balance where the shell's header gives way to this one (a phone), Agent details as a dialog
 * (below xl), and the details panel's toggle (from xl).
 */
export function ConversationHeader({
  agent,
  panel,
  onOpenDetails,
}: {
  agent: { name: string; avatarUrl: string | null };
  panel: DetailsPanel;
  onOpenDetails: () => void;
}) {
  const profile = useProfile();
  return (
    <header className="flex items-center gap-3 border-b border-line px-3 py-2">
      <Link to="/chat" className="rounded-full p-1 text-muted hover:text-ink lg:hidden" aria-label="All chats">
        <ChevronLeft className="size-5" />
      </Link>
      <CharacterPicture name={agent.name} url={agent.avatarUrl} thumbnail={150} className="size-9 shrink-0 rounded-full object-cover" width={36} height={36} />
      <h1 className="min-w-0 flex-1 truncate font-semibold">{agent.name}</h1>
      {/* The shell's header, and its balance, give way to this one on a phone. */}
      {profile ? <TokenBalanceLink tokens={profile.tokens} className="px-2.5 text-xs md:hidden" /> : null}
      <button type="button" onClick={onOpenDetails} className="rounded-full p-1 text-muted hover:text-ink xl:hidden" aria-label="Agent details">
        <Info className="size-5" />
      </button>
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
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-full p-1 text-muted hover:text-ink ${className}`}
      aria-label={open ? "Hide details" : "Show details"}
    >
      {open ? <PanelRightClose className="size-5" /> : <PanelRightOpen className="size-5" />}
    </button>
  );
}
