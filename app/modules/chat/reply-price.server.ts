/**
 * What a stopped reply costs (decision 025). A model's price (cost_tokens) is per message, for a
 * whole reply; a reply the person stopped is charged the share of a full reply it holds, counted
 * in characters against FULL_REPLY_CHARS: at least 1 token for any words kept, never more than the
 * price.
 */

/**
 * The length of a full reply, in characters: about what a chat model writes in one answer (some
 * 250 of a model's own tokens). A stopped reply this long or longer costs the whole price.
 */
export const FULL_REPLY_CHARS = 1_000;

/** The tokens a stopped reply of `text` costs at `price` per message; 0 for a free model. */
export function stoppedReplyCost(price: number, text: string): number {
  if (price < 1) return 0;
  // Characters as a person counts them (an emoji is one), not UTF-16 units.
  const produced = Array.from(text.trim()).length;
  return Math.min(price, Math.max(1, Math.ceil((price * produced) / FULL_REPLY_CHARS)));
}
