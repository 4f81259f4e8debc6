import { Compass, Coins, Globe, Heart, Image, Images, Info, Mail, MessageCircle, PlusCircle, type LucideIcon } from "lucide-react";

export type NavItem = { to: string; label: string; icon: LucideIcon };

/** Sidebar items in the spec's order. */
export const primaryNav: NavItem[] = [
  { to: "/explore", label: "Explore", icon: Compass },
  { to: "/chat", label: "Chat", icon: MessageCircle },
  { to: "/favorites", label: "Favorites", icon: Heart },
  { to: "/generate", label: "Generate Image", icon: Image },
  { to: "/create", label: "Create Character", icon: PlusCircle },
  { to: "/collection", label: "Collection", icon: Images },
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
  { to: "/chat", label: "Chat", icon: MessageCircle },
  { to: "/generate", label: "Generate", icon: Image },
  { to: "/create", label: "Create", icon: PlusCircle },
  { to: "/tokens", label: "Tokens", icon: Coins },
];
