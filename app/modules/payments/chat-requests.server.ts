import { chatModeTexts, type ChatRequestKind } from "~/lib/chat-modes";
import { ForbiddenError } from "~/modules/http/errors.server";
import { planPerksOf, type PlanPerks } from "./plan-perks.server";

/**
 * Which requests a chat accepts under the person's plan (Plan.chatPictures, chatVideos,
 * chatVoice): picture requests (image and design modes), video requests and voice notes. Checked
 * before anything is reserved, saved or sent, by the function that does the request.
 */

/** The person's plan does not include this kind of request in chat: 403, naming the plan. Nothing was spent or saved. */
export class NotInPlanError extends ForbiddenError {
  constructor(
    readonly kind: ChatRequestKind,
    readonly planName: string,
  ) {
    super(chatModeTexts.notInPlan(kind, planName), "not-in-plan");
  }
}

export function allowsChatRequest(perks: PlanPerks, kind: ChatRequestKind) {
  if (kind === "pictures") return perks.chatPictures;
  if (kind === "videos") return perks.chatVideos;
  return perks.chatVoice;
}

/** NotInPlanError unless the person's plan allows this kind of request in chat; else the plan's perks. */
export async function requireChatRequestInPlan(userId: string, kind: ChatRequestKind): Promise<PlanPerks> {
  const perks = await planPerksOf(userId);
  if (!allowsChatRequest(perks, kind)) throw new NotInPlanError(kind, perks.planName);
  return perks;
}
