import { useRouteLoaderData } from "react-router";
import type { HeaderProfile } from "~/lib/profile";

/** The signed-in person as the shell loaded them, or null for a visitor. */
export function useProfile(): HeaderProfile | null {
  const shell = useRouteLoaderData("routes/_shell/layout") as { profile: HeaderProfile | null } | undefined;
  return shell?.profile ?? null;
}
