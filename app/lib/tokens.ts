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
  paymentsNotConfigured: "Buying tokens is not available yet.",
  claimOffer: `Claim your ${FREE_MONTHLY_TOKENS} free tokens for this month`,
  claimButton: `Claim ${FREE_MONTHLY_TOKENS} Tokens`,
  claimOfferNote: "Every month you can claim free tokens to chat with characters.",
  redirecting: (tokens: number) => `Redirecting to payment for ${formatTokens(tokens)} tokens`,
} as const;

/** Seconds the payment page waits before going to the tokens page (spec: 3 s). */
export const PAYMENT_REDIRECT_SECONDS = 3;

export function formatTokens(tokens: number) {
  return tokens.toLocaleString("en-US");
}

export function formatUsd(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * The spec's tokens-from-plan rule: the first feature text that mentions tokens, its first
 * number ("10,000 tokens per month" gives 10000). 0 when no feature mentions tokens.
 */
export function tokensFromPlan(features: { text: string }[]) {
  const feature = features.find((item) => /tokens/i.test(item.text));
  const match = feature?.text.match(/\d[\d,]*/);
  return match ? Number(match[0].replace(/,/g, "")) : 0;
}
