import type admin from "~/locales/en/admin.json";
import type auth from "~/locales/en/auth.json";
import type cards from "~/locales/en/cards.json";
import type catalogue from "~/locales/en/catalogue.json";
import type chat from "~/locales/en/chat.json";
import type common from "~/locales/en/common.json";
import type create from "~/locales/en/create.json";
import type dashboard from "~/locales/en/dashboard.json";
import type info from "~/locales/en/info.json";
import type mail from "~/locales/en/mail.json";
import type media from "~/locales/en/media.json";
import type personas from "~/locales/en/personas.json";
import type toasts from "~/locales/en/toasts.json";
import type threads from "~/locales/en/threads.json";
import type tokens from "~/locales/en/tokens.json";
import type transfer from "~/locales/en/transfer.json";

/** The namespaces of app/locales, each one area of the product. */
export const NAMESPACES = [
  "common",
  "auth",
  "info",
  "tokens",
  "mail",
  "chat",
  "media",
  "create",
  "dashboard",
  "admin",
  "catalogue",
  "toasts",
  "personas",
  "cards",
  "threads",
  "transfer",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Catalogue = {
  admin: typeof admin;
  auth: typeof auth;
  cards: typeof cards;
  catalogue: typeof catalogue;
  chat: typeof chat;
  common: typeof common;
  create: typeof create;
  dashboard: typeof dashboard;
  info: typeof info;
  mail: typeof mail;
  media: typeof media;
  personas: typeof personas;
  tokens: typeof tokens;
  toasts: typeof toasts;
  threads: typeof threads;
  transfer: typeof transfer;
};

/** Every text's id, `<namespace>.<key>`, from the English catalogue: a wrong id does not compile. */
export type TextId = { [N in Namespace]: `${N}.${Extract<keyof Catalogue[N], string>}` }[Namespace];

export type TextValues = Record<string, string | number | Date>;

export function namespaceOf(id: string): string {
  return id.slice(0, id.indexOf("."));
}
