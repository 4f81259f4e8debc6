import { getCurrentUser } from "~/modules/auth/login-session.server";
import { exportCardPng } from "~/modules/cards/cards.server";
import { errorResponse } from "~/modules/http/errors.server";
import type { Route } from "./+types/character-card.png";

/** GET: the character's card as a V3 PNG (with the V2 chunk too), for anyone who may see the character; 404 otherwise. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  try {
    const { png, fileName } = await exportCardPng(user?.id ?? null, params.characterId);
    return new Response(new Uint8Array(png), {
      headers: { "Content-Type": "image/png", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
