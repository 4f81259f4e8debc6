/** Token economy constants and texts (spec sections 8 and 9), shared by server and pages. */

export const FREE_MONTHLY_TOKENS = 500;

export const tokenTexts = {
  claimed: `${FREE_MONTHLY_TOKENS} free tokens have been added to your balance.`,
  alreadyClaimedTitle: "Already Claimed",
  alreadyClaimedMessage: "You have claimed free tokens this month, please try next month",
  claimFailed: "Failed to claim free tokens",
  noTransactions: "No transactions yet",
  noSessionId: "No session ID provided",
  verifyFailed: "Failed to verify payment",
  createSessionFailed: "Failed to create payment session",
  processFailed: "Failed to process payment",
  paymentSucceeded: "Payment processed successfully! Your tokens have been added to your account.",
  tooManyCheckouts: "Too many payment attempts. Please try again later.",
  paymentsNotConfigured: "Buying tokens is not offered on this server.",
  plansNotOffered: "Paid plans are not offered on this server.",
  /** The admin console's notice: what is off, and the settings that turn it on. */
  paymentsOffTitle: "Payments are off",
  paymentsOffDetail: "Token packages and paid plans cannot be bought on this server, and the site says so wherever they show.",
  paymentsOffHowTo: "To turn payments on, set these environment variables and restart the app:",
  buyTokens: "Buy tokens",
  nextFreeTokens: (amount: number, date: string) => `Your next ${formatTokens(amount)} free tokens arrive on ${date}`,
  pickPackage: "Pick a package: after paying you come back to where you were.",
  claimOffer: `Claim your ${FREE_MONTHLY_TOKENS} free tokens for this month`,
  claimButton: `Claim ${FREE_MONTHLY_TOKENS} Tokens`,
  claimOfferNote: "Every month you can claim free tokens to chat with characters.",
  redirecting: (tokens: number) => `Redirecting to payment for ${formatTokens(tokens)} tokens`,
} as const;

/**
 * What a person out of tokens can do, as a refusal (402) carries it: claim this month's free
 * tokens (while unclaimed), buy (only when payments are on), and otherwise when the next free
 * tokens come (`date` is the day, YYYY-MM-DD in UTC).
 */
/** One row of a token history, as the pages show it (dates as ISO strings). */
export type TokenTransactionView = {
  id: string;
  createdAt: string;
  tokenType: "free" | "purchased";
  transactionType: "add" | "deduct";
  amount: number;
  description: string;
};

export type OutOfTokensOffer = { claimTokens?: string; buyTokens?: string; nextFreeTokens?: { amount: number; date: string } };

/** The offer in a refusal's JSON body or action data (its fields sit beside `error`), or undefined when it has none. */
export function outOfTokensOfferOf(body: {
  code?: unknown;
  claimTokens?: unknown;
  buyTokens?: unknown;
  nextFreeTokens?: unknown;
}): OutOfTokensOffer | undefined {
  if (body.code !== "insufficient-tokens") return undefined;
  const next = body.nextFreeTokens as { amount?: unknown; date?: unknown } | undefined;
  return {
    ...(typeof body.claimTokens === "string" && { claimTokens: body.claimTokens }),
    ...(typeof body.buyTokens === "string" && { buyTokens: body.buyTokens }),
    ...(typeof next?.amount === "number" && typeof next.date === "string" && { nextFreeTokens: { amount: next.amount, date: next.date } }),
  };
}

/** Seconds the payment page waits before going to the tokens page (spec: 3 s). */
export const PAYMENT_REDIRECT_SECONDS = 3;

export function formatTokens(tokens: number) {
  return tokens.toLocaleString("en-US");
}

export function formatUsd(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}
