import { useMatches } from "react-router";

/** What a route tells the shell around it, as its `handle`. */
export type ShellHandle = {
  /**
   * "app": the page fills the screen under the header itself (it scrolls inside), so the shell
   * adds no footer below it; "conversation": the same, and full-screen on phones, where the page
   * has its own header and back action (spec section 2), without the site's header and bottom bar.
   */
  frame?: "app" | "conversation";
};

/** The frame the deepest route that names one asks for, if any. */
export function useShellFrame() {
  return useMatches()
    .map((match) => (match.handle as ShellHandle | undefined)?.frame)
    .findLast((frame) => frame !== undefined);
}
