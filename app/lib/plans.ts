import type { TextId, TextValues } from "./i18n/ids";
import { FREE_MONTHLY_TOKENS, formatTokens } from "./tokens";

/**
 * A plan's perks as its card lists them (docs/plans.md, decision 032): every line is generated
 * from a setting the server enforces, so a card promises nothing the server does not do.
 */

/** How many earlier messages a plan's replies may send to the model (the admin form's bounds). */
export const PLAN_MEMORY_MIN = 1;
export const PLAN_MEMORY_MAX = 200;
/** The most tokens a paid period may grant (the admin form's bound). */
export const PLAN_PERIOD_TOKENS_MAX = 100_000_000;

/** The settings a card is generated from. */
export type PlanPerkSettings = {
  priceCents: number;
  interval: "monthly" | "yearly";
  periodTokens: number;
  memoryMessages: number;
  priority: boolean;
  earlyAccess: boolean;
  chatPictures: boolean;
  chatVideos: boolean;
  chatVoice: boolean;
};

/** One line of a card: what it says, and whether the plan includes it (the rest are shown as not included). */
export type PlanPerkLine = { text: string; enabled: boolean };

export const planPerkTexts = {
  freeTokens: `${formatTokens(FREE_MONTHLY_TOKENS)} free tokens every month`,
  periodTokens: (tokens: number, interval: PlanPerkSettings["interval"]) => `${formatTokens(tokens)} tokens every ${interval === "yearly" ? "year" : "month"}`,
  noPeriodTokens: (interval: PlanPerkSettings["interval"]) => `Tokens every ${interval === "yearly" ? "year" : "month"}`,
  memory: (messages: number) => (messages === 1 ? "Remembers the last message" : `Remembers the last ${messages} messages`),
  chatPictures: "Pictures in chat",
  chatVideos: "Videos in chat",
  chatVoice: "Voice notes in chat",
  priority: "Priority queue for pictures and videos",
  earlyAccess: "Early access to new models",
} as const;

/** How a card's line is said in another language: a text id and its values, by the caller's `t`. */
export type PlanPerkTranslate = (id: TextId, values?: TextValues) => string;

/**
 * A plan's card lines, in the same order on every card so that plans compare line by line. A free
 * plan's tokens are the monthly free tokens everyone claims; a paid plan's are what each paid
 * month or year grants. In English (planPerkTexts), or through `translate` in the reader's language.
 */
export function planPerkLines(plan: PlanPerkSettings, translate?: PlanPerkTranslate): PlanPerkLine[] {
  const say = (english: string, id: TextId, values?: TextValues) => (translate ? translate(id, values) : english);
  const yearly = plan.interval === "yearly";
  const tokens =
    plan.priceCents <= 0
      ? { text: say(planPerkTexts.freeTokens, "tokens.perk.freeTokens", { tokens: FREE_MONTHLY_TOKENS }), enabled: true }
      : plan.periodTokens > 0
        ? {
            text: say(
              planPerkTexts.periodTokens(plan.periodTokens, plan.interval),
              yearly ? "tokens.perk.periodTokens.yearly" : "tokens.perk.periodTokens.monthly",
              { tokens: plan.periodTokens },
            ),
            enabled: true,
          }
        : {
            text: say(planPerkTexts.noPeriodTokens(plan.interval), yearly ? "tokens.perk.noPeriodTokens.yearly" : "tokens.perk.noPeriodTokens.monthly"),
            enabled: false,
          };
  return [
    tokens,
    { text: say(planPerkTexts.memory(plan.memoryMessages), "tokens.perk.memory", { count: plan.memoryMessages }), enabled: true },
    { text: say(planPerkTexts.chatPictures, "tokens.perk.chatPictures"), enabled: plan.chatPictures },
    { text: say(planPerkTexts.chatVideos, "tokens.perk.chatVideos"), enabled: plan.chatVideos },
    { text: say(planPerkTexts.chatVoice, "tokens.perk.chatVoice"), enabled: plan.chatVoice },
    { text: say(planPerkTexts.priority, "tokens.perk.priority"), enabled: plan.priority },
    { text: say(planPerkTexts.earlyAccess, "tokens.perk.earlyAccess"), enabled: plan.earlyAccess },
  ];
}
