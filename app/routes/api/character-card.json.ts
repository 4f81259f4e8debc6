import { getCurrentUser } from "~/modules/auth/login-session.server";
import { exportCardJson } from "~/modules/cards/cards.server";
import { errorResponse } from "~/modules/http/errors.server";
import type { Route } from "./+types/character-card.json";

/** GET: the character's card as V3 JSON, for anyone who may see the character; 404 otherwise. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  try {
    const { card, fileName } = await exportCardJson(user?.id ?? null, params.characterId);
    return Response.json(card, { headers: { "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "private, no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
