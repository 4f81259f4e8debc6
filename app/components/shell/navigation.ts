import { Compass, Coins, Globe, Heart, Image, Images, Info, Mail, MessageCircle, PlusCircle, type LucideIcon } from "lucide-react";

/** `signIn`: the page needs an account; signed-out visitors get the sign-in modal instead. */
export type NavItem = { to: string; label: string; icon: LucideIcon; signIn?: boolean };

/** Sidebar items in the spec's order. */
export const primaryNav: NavItem[] = [
  { to: "/explore", label: "Explore", icon: Compass },
  { to: "/chat", label: "Chat", icon: MessageCircle, signIn: true },
  { to: "/favorites", label: "Favorites", icon: Heart, signIn: true },
  { to: "/generate", label: "Generate Image", icon: Image, signIn: true },
  { to: "/create", label: "Create Character", icon: PlusCircle, signIn: true },
  { to: "/collection", label: "Collection", icon: Images, signIn: true },
  { to: "/tokens", label: "Free Tokens", icon: Coins },
];

export const secondaryNav: NavItem[] = [
  { to: "/aboutus", label: "About Us", icon: Info },
  { to: "/language", label: "English", icon: Globe },
  { to: "/contactus", label: "Contact Us", icon: Mail },
];

export const legalNav = [
  { to: "/privacy", label: "Privacy Notice" },
  { to: "/terms", label: "Terms of Service" },
];

/** Mobile bottom bar (spec: explore, chat, generate, create and the tokens page). */
export const mobileNav: NavItem[] = [
  { to: "/explore", label: "Explore", icon: Compass },
  { to: "/chat", label: "Chat", icon: MessageCircle, signIn: true },
  { to: "/generate", label: "Generate", icon: Image, signIn: true },
  { to: "/create", label: "Create", icon: PlusCircle, signIn: true },
  { to: "/tokens", label: "Tokens", icon: Coins },
];

/** The paths above that need an account (the server redirects signed-out visitors to /login). */
export const signInPaths = [...new Set([...primaryNav, ...mobileNav].filter((item) => item.signIn).map((item) => item.to))];
