import { useRouteLoaderData } from "react-router";
import { fillNames, personaName } from "~/lib/macros";
import type { HeaderProfile } from "~/lib/profile";

/** The signed-in person as the shell loaded them, or null for a visitor. */
export function useProfile(): HeaderProfile | null {
  const shell = useRouteLoaderData("routes/_shell/layout") as { profile: HeaderProfile | null } | undefined;
  return shell?.profile ?? null;
}

/** Fills `{{char}}` (the character `char`) and `{{user}}` (the person reading) in a character's text. */
export function useCharacterText() {
  const user = personaName(useProfile());
  return (text: string, char: string) => fillNames(text, { char, user });
}
