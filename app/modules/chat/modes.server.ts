import { requestKindOf, type ModeOption, type ModeOptions } from "~/lib/chat-modes";
import { CHAT_MODES, type ChatMode } from "~/lib/documents/chat-message";
import { allowsChatRequest } from "~/modules/payments/chat-requests.server";
import type { PlanPerks } from "~/modules/payments/plan-perks.server";

type ModeModel = { chatModel: string; costTokens: number; costUnit: string } | null;

/**
 * The composer's modes as the chat page offers them (decision 034): each with the model it would
 * use and its price; null when no model for it can be called (the mode is not shown); marked with
 * the plan's name when the person's plan leaves it out (shown, not chosen, with a way to the plans).
 */
export function chatModeOptions(perks: PlanPerks, models: Record<ChatMode, ModeModel>): ModeOptions {
  const options = {} as ModeOptions;
  for (const mode of CHAT_MODES) {
    const model = models[mode];
    const kind = requestKindOf(mode);
    const option: ModeOption | null = model ? { modelName: model.chatModel, cost: model.costTokens, costUnit: model.costUnit } : null;
    options[mode] = option && kind && !allowsChatRequest(perks, kind) ? { ...option, notInPlan: perks.planName } : option;
  }
  return options;
}
