import { useState } from "react";

/** Where the details panel shows by default: only where the conversation keeps room beside it. */
const PANEL_BY_DEFAULT = "(min-width: 1440px)";

/**
 * The chat page's details panel beside the conversation: "auto" shows it by default where there is
 * room (PANEL_BY_DEFAULT); from xl it can be opened or closed by hand.
 */
export function useDetailsPanel() {
  const [panel, setPanel] = useState<"auto" | "open" | "closed">("auto");
  const shown = () => panel === "open" || (panel === "auto" && window.matchMedia(PANEL_BY_DEFAULT).matches);
  return { panel, toggle: () => setPanel(shown() ? "closed" : "open") };
}

export type DetailsPanel = ReturnType<typeof useDetailsPanel>;
