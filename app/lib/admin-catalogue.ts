import { z } from "zod";
import { blank, checkbox, chosenFile, requiredFile } from "./admin-forms";
import type { TextId } from "./i18n/ids";
import { PLAN_MEMORY_MAX, PLAN_MEMORY_MIN, PLAN_PERIOD_TOKENS_MAX } from "./plans";
import { FREE_MONTHLY_TOKENS } from "./tokens";

/**
 * The admin console's plan, token package and banner forms (spec sections 5, 8 and 9): one zod
 * schema each for the server, and the limits and texts the forms show as hints.
 */

export const PLAN_INTERVALS = ["monthly", "yearly"] as const;

export const planTexts = {
  hasSubscribers: "Cannot delete plan with active subscribers",
  freePlan: "The Free plan cannot be deleted: everyone without a paid plan is on it",
  pastSubscribers: "Cannot delete a plan that past subscriptions still name; make it inactive instead",
  fetchFailed: "Failed to fetch plans",
  statisticsFailed: "Failed to fetch plan statistics",
  updateFailed: "Failed to update plan",
  deleteFailed: "Failed to delete plan",
  freePlanTokens: `A free plan grants no tokens: everyone claims ${FREE_MONTHLY_TOKENS} free tokens a month`,
} as const;

export const BANNER_LIMITS = { title: 35, description: 50, ctaTitle: 20, ctaUrl: 500 } as const;
export const BANNER_CATEGORIES = ["all", "anime", "girls", "guys", "pros"] as const;
export type BannerCategory = (typeof BANNER_CATEGORIES)[number];
/** The display categories as the console names them. */
export const BANNER_CATEGORY_LABELS: Record<BannerCategory, TextId> = {
  all: "catalogue.banners.category.all",
  anime: "catalogue.banners.category.anime",
  girls: "catalogue.banners.category.girls",
  guys: "catalogue.banners.category.guys",
  pros: "catalogue.banners.category.pros",
};

export const bannerTexts = {
  required: "Title and image are required",
  ctaUrl: "CTA URL must start with http://, https:// or /",
  deleteQuestion: "Are you sure you want to delete this banner?",
  empty: "No banners found",
  uploadFailed: "Failed to upload image",
  imageOnly: "Only images can be used",
  fetchFailed: "Failed to fetch banners",
  addFailed: "Failed to add banner",
  updateFailed: "Failed to update banner",
  deleteFailed: "Failed to delete banner",
} as const;

export const packageTexts = {
  deleteQuestion: "Are you sure you want to delete this token package?",
  empty: "No token packages yet",
} as const;

const atMost = (limit: number, label: string) => z.string().trim().max(limit, `${label} must be at most ${limit} characters`);

/** A plain decimal as a person types it ("19.99", "-1"); not "0x10", "1e3" or "Infinity", which Number() would also read. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Dollars as typed ("19.99") to cents; a number of at least `min`, in steps of 0.01 (spec: plan price). */
const dollars = (min: number, minMessage: string) =>
  z
    .string()
    .trim()
    .min(1, "Price is required")
    .regex(DECIMAL, "Price must be a number")
    .transform((text) => Number(text))
    .pipe(
      z
        .number()
        .min(min, minMessage)
        .max(1_000_000, "Price must be at most 1,000,000")
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Price must be in steps of 0.01"),
    )
    .transform((value) => Math.round(value * 100));

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .regex(DECIMAL, `${label} must be a number`)
    .transform((text) => Number(text))
    .pipe(
      z
        .number()
        .refine((value) => Number.isInteger(value), `${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`),
    );

/**
 * The plan form as sent (`price` in dollars); parsed, `price` becomes `priceCents`. Its perks are
 * the settings the server enforces and the plan's card lists (lib/plans.ts).
 */
const planFields = {
  name: blank(atMost(60, "Name").min(1, "Name is required")),
  description: blank(atMost(500, "Description")),
  price: blank(dollars(0, "Price must be at least 0")),
  interval: z.enum(PLAN_INTERVALS, { error: "Choose monthly or yearly" }),
  periodTokens: blank(wholeNumber("Tokens", 0, PLAN_PERIOD_TOKENS_MAX)),
  memoryMessages: blank(wholeNumber("Memory", PLAN_MEMORY_MIN, PLAN_MEMORY_MAX)),
  chatPictures: checkbox(),
  chatVideos: checkbox(),
  chatVoice: checkbox(),
  priority: checkbox(),
  earlyAccess: checkbox(),
  isPopular: checkbox(),
  isActive: checkbox(),
};

/** The plan form, or the plan editor's with the `intent` it posts. */
const planSchema = <Intent extends z.ZodType>(intent: Intent) =>
  z
    .object({ intent, ...planFields })
    // Tokens come with a paid period's invoice; a free plan has none, and its card names the monthly free tokens instead.
    .refine((plan) => plan.price > 0 || plan.periodTokens === 0, { path: ["periodTokens"], message: planTexts.freePlanTokens })
    .transform(({ price, ...plan }) => ({ ...plan, priceCents: price }));

/**
 * The plan form as sent (`price` in dollars, checkboxes "on"); parsed, `price` becomes
 * `priceCents`. Its perks are the settings the server enforces and the plan's card lists (lib/plans.ts).
 */
export const planFormSchema = planSchema(z.undefined().optional());
export const planForm = <Intent extends string>(intent: Intent) => planSchema(z.literal(intent));
export type PlanInput = Omit<z.output<typeof planFormSchema>, "intent">;

const packageSchema = <Intent extends z.ZodType>(intent: Intent) =>
  z
    .object({
      intent,
      name: blank(atMost(60, "Name").min(1, "Name is required")),
      tokens: blank(wholeNumber("Tokens", 1, 100_000_000)),
      // Stripe refuses a charge below $0.50.
      price: blank(dollars(0.5, "Price must be at least 0.50")),
      discount: z.preprocess((value) => value ?? "0", wholeNumber("Discount", 0, 100)),
      isPopular: checkbox(),
      isActive: checkbox(),
    })
    .transform(({ price, ...tokenPackage }) => ({ ...tokenPackage, priceCents: price }));

/** The token package form as sent; parsed, `price` becomes `priceCents`. */
export const packageFormSchema = packageSchema(z.undefined().optional());
export const packageForm = <Intent extends string>(intent: Intent) => packageSchema(z.literal(intent));
export type PackageInput = Omit<z.output<typeof packageFormSchema>, "intent">;

/** A banner's button leads to an http(s) address or a path on this site; nothing else (javascript:, data:, //host). */
export function isAllowedCtaUrl(value: string) {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

const bannerFields = {
  title: blank(z.string().trim().min(1, bannerTexts.required).max(BANNER_LIMITS.title, `Title must be at most ${BANNER_LIMITS.title} characters`)),
  description: blank(atMost(BANNER_LIMITS.description, "Description")),
  ctaTitle: blank(atMost(BANNER_LIMITS.ctaTitle, "CTA Title")),
  ctaUrl: blank(atMost(BANNER_LIMITS.ctaUrl, "CTA URL").refine((value) => value === "" || isAllowedCtaUrl(value), bannerTexts.ctaUrl)),
  displayCategories: z
    .array(z.enum(BANNER_CATEGORIES, { error: "Choose display categories from the list" }))
    .transform((categories) => (categories.length === 0 ? ["all" as const] : [...new Set(categories)])),
  startAt: blank(
    z
      .string()
      .trim()
      .refine((value) => value === "" || (isoDay.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), "Start Date must be a date")
      .transform((value) => (value === "" ? todayIsoDay() : value)),
  ),
  isPublished: checkbox(),
};

/** A banner's texts and settings, as sent (checkboxes "on"). */
export const bannerFormSchema = z.object(bannerFields);

/**
 * The banner editor's form: its picture first, so that a missing title or picture is the form's
 * one text ('Title and image are required'). A new banner needs a picture; an edit may keep its own.
 * The picture's content is checked where it is stored (modules/admin/banners).
 */
export const newBannerForm = z.object({ intent: z.literal("create"), image: requiredFile(bannerTexts.required), ...bannerFields });
export const bannerEditForm = z.object({ intent: z.literal("update"), image: chosenFile(), ...bannerFields });
export type BannerInput = z.output<typeof bannerFormSchema>;

/** Today as YYYY-MM-DD in UTC: banners start at the beginning of a UTC day. */
export function todayIsoDay(now = new Date()) {
  return now.toISOString().slice(0, 10);
}
