import { z } from "zod";
import { DELETED_ACCOUNT_LABEL } from "./account";
import { listPage } from "./admin-lists";
import { authTexts, SIMPLE_EMAIL } from "./auth-forms";
import type { TextId } from "./i18n/ids";

/** The admin Users pages: list filters, form schemas and texts, shared by the server and the pages. */

export const USER_STATUSES = ["active", "inactive", "pending"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Spec: a person without a plan shows as Free, and Free is a plan filter choice. */
export const FREE_PLAN = "Free";
export const USERS_PAGE_SIZE = 10;
/** One adjustment at most: enough for any gift, far from the 32-bit balance columns' limit. */
export const MAX_TOKEN_ADJUSTMENT = 10_000_000;

export const statusLabels = { active: "admin.status.active", inactive: "admin.status.inactive", pending: "admin.status.pending" } as const satisfies Record<
  UserStatus,
  TextId
>;
/** Spec section 4: the statuses have their own badge colours. */
export const statusTones = { active: "success", inactive: "danger", pending: "warning" } as const satisfies Record<UserStatus, string>;

export const adminUserTexts = {
  emailTaken: "An account with this e-mail already exists",
  nameTooLong: "Use at most 60 characters",
  amountInvalid: `Enter a whole number of tokens from 1 to ${MAX_TOKEN_ADJUSTMENT.toLocaleString("en-US")}`,
  reasonRequired: "Please give a reason",
  reasonTooLong: "Use at most 200 characters",
  cannotSuspendSelf: "You cannot suspend your own account",
  cannotChangeOwnRole: "You cannot remove your own admin role",
  lastAdmin: "The last admin cannot lose the admin role",
  cannotDeleteSelf: "You cannot delete your own account",
  cannotDeleteAdmin: "Remove the admin role before deleting this account",
  deletedAccount: "This account was deleted and can no longer be changed",
  alreadyActivated: "This person has already set a password",
  notSuspended: "This account is not suspended",
  unknownIntent: "Unknown action",
  deleteConfirm:
    "Are you sure you want to delete this user? Their chats, media, uploads, tickets and unpublished characters are removed and a live subscription is cancelled; their token and payment records stay, anonymised.",
} as const;

/**
 * Suspend and Reactivate ask first (a dialog with JavaScript, /admin/users/:id/status without):
 * which change an account's status calls for, and what the question says about it.
 */
export type StatusChange = "suspend" | "reactivate";
export const statusChangeFor = (status: UserStatus): StatusChange => (status === "inactive" ? "reactivate" : "suspend");
export const statusChangeTexts = {
  suspend: {
    button: "Suspend",
    title: "Suspend user",
    consequence: "They are signed out on every device at once and cannot sign in until the account is reactivated. Nothing else changes.",
  },
  reactivate: {
    button: "Reactivate",
    title: "Reactivate user",
    consequence: "They can sign in again with their password.",
  },
} as const satisfies Record<StatusChange, { button: string; title: string; consequence: string }>;
/** The same texts as the page shows them, by id (statusChangeTexts stays the English, as tests name it). */
export const statusChangeIds = {
  suspend: { button: "admin.user.suspend.button", title: "admin.user.suspend.title", consequence: "admin.user.suspend.consequence" },
  reactivate: { button: "admin.user.reactivate.button", title: "admin.user.reactivate.title", consequence: "admin.user.reactivate.consequence" },
} as const satisfies Record<StatusChange, { button: TextId; title: TextId; consequence: TextId }>;

/** Spec: ledger entries and balances are whole tokens; "12,000 free and 300 purchased". */
export function insufficientTokensText(balance: { free: number; purchased: number; total: number }) {
  return `The balance is only ${balance.total.toLocaleString("en-US")} tokens (${balance.free.toLocaleString("en-US")} free, ${balance.purchased.toLocaleString("en-US")} purchased)`;
}

const userFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .transform((query) => query.slice(0, 100))
    .catch(""),
  status: z.enum(USER_STATUSES).nullable().catch(null),
  plan: z
    .string()
    .trim()
    .max(100)
    .transform((plan) => plan || null)
    .nullable()
    .catch(null),
  page: listPage,
});

export type UserFilters = z.infer<typeof userFiltersSchema>;

/** The Users list's state from its URL (?q=&status=&plan=&page=); anything unreadable is ignored. */
export function parseUserFilters(search: URLSearchParams): UserFilters {
  return userFiltersSchema.parse({
    q: search.get("q") ?? "",
    status: search.get("status") || null,
    plan: search.get("plan") || null,
    page: search.get("page") ?? 1,
  });
}

const email = z.string({ error: authTexts.invalidEmail }).trim().toLowerCase().max(254, authTexts.invalidEmail).regex(SIMPLE_EMAIL, authTexts.invalidEmail);

export const inviteUserSchema = z.object({
  email,
  name: z
    .string()
    .trim()
    .max(60, adminUserTexts.nameTooLong)
    .optional()
    .transform((name) => name || null),
  role: z.enum(USER_ROLES).catch("user"),
});

export const changeRoleSchema = z.object({ role: z.enum(USER_ROLES, { error: "Choose a role" }) });

export const adjustTokensSchema = z.object({
  direction: z.enum(["grant", "deduct"], { error: "Choose grant or deduct" }),
  /** grant: the kind of tokens added; deduct: the kind taken first, the rest from the other */
  tokenType: z.enum(["free", "purchased"], { error: "Choose free or purchased tokens" }),
  amount: z.coerce
    .number({ error: adminUserTexts.amountInvalid })
    .int(adminUserTexts.amountInvalid)
    .min(1, adminUserTexts.amountInvalid)
    .max(MAX_TOKEN_ADJUSTMENT, adminUserTexts.amountInvalid),
  reason: z.string({ error: adminUserTexts.reasonRequired }).trim().min(1, adminUserTexts.reasonRequired).max(200, adminUserTexts.reasonTooLong),
});

export type AdjustTokens = z.infer<typeof adjustTokensSchema>;

/**
 * A deleted account keeps its row (its ledger and payments point at it) under an address that
 * can never receive mail or be signed up with (.invalid is reserved, RFC 2606).
 */
const DELETED_DOMAIN = "deleted.invalid";
export const deletedEmailFor = (userId: string) => `deleted-${userId}@${DELETED_DOMAIN}`;
export const isDeletedEmail = (email: string) => email.endsWith(`@${DELETED_DOMAIN}`);

/** How the console names the person who made something: their e-mail, or "Deleted account" once it was deleted. */
export const creatorLabel = (email: string) => (isDeletedEmail(email) ? DELETED_ACCOUNT_LABEL : email);
