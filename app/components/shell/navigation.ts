import type { TextId } from "~/lib/i18n/ids";
import type { SpriteIconName } from "../ui/sprite-icon";

/** `signIn`: the page needs an account; signed-out visitors get the sign-in modal instead. */
export type NavItem = { to: string; label: TextId; icon: SpriteIconName; signIn?: boolean };

/** Sidebar items in the spec's order. */
export const primaryNav: NavItem[] = [
  { to: "/explore", label: "common.nav.explore", icon: "compass" },
  { to: "/chat", label: "common.nav.chat", icon: "message-circle", signIn: true },
  { to: "/favorites", label: "common.nav.favorites", icon: "heart", signIn: true },
  { to: "/generate", label: "common.nav.generateImage", icon: "image", signIn: true },
  { to: "/create", label: "common.nav.createCharacter", icon: "circle-plus", signIn: true },
  { to: "/collection", label: "common.nav.collection", icon: "images", signIn: true },
  { to: "/tokens", label: "common.nav.freeTokens", icon: "coins" },
];

export const secondaryNav: NavItem[] = [
  { to: "/aboutus", label: "common.nav.aboutUs", icon: "info" },
  // The language item shows the current language by its own name.
  { to: "/language", label: "common.nav.language", icon: "globe" },
  { to: "/contactus", label: "common.nav.contactUs", icon: "mail" },
];

export const legalNav: { to: string; label: TextId }[] = [
  { to: "/privacy", label: "common.nav.privacy" },
  { to: "/terms", label: "common.nav.terms" },
];

/** Mobile bottom bar (spec: explore, chat, generate, create and the tokens page). */
export const mobileNav: NavItem[] = [
  { to: "/explore", label: "common.nav.explore", icon: "compass" },
  { to: "/chat", label: "common.nav.chat", icon: "message-circle", signIn: true },
  { to: "/generate", label: "common.nav.generate", icon: "image", signIn: true },
  { to: "/create", label: "common.nav.create", icon: "circle-plus", signIn: true },
  { to: "/tokens", label: "common.nav.tokens", icon: "coins" },
];

/** The paths above that need an account (the server redirects signed-out visitors to /login). */
export const signInPaths = [...new Set([...primaryNav, ...mobileNav].filter((item) => item.signIn).map((item) => item.to))];
