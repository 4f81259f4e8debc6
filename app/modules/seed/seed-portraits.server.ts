import { createHash } from "node:crypto";
import type { PrismaClient } from "~/generated/prisma/client";
import { putObject, publicUrl } from "~/modules/storage/storage.server";
import { seedCharacters, type SeedCharacter } from "../../../prisma/seed/catalogue-data";
import { renderCharacterAvatar } from "./artwork.server";
import { portraitOf } from "./portraits/portraits";

const folder = "characters";

/**
 * A seed portrait's file is named by its drawing: a new drawing gets a new URL, so no browser or
 * thumbnail cache keeps showing the old one.
 */
export function seedPortraitPath(character: SeedCharacter) {
  const digest = createHash("sha256")
    .update(JSON.stringify(portraitOf(character)))
    .digest("hex")
    .slice(0, 10);
  return `${folder}/${character.key}-${digest}.webp`;
}

export async function storeSeedPortrait(character: SeedCharacter) {
  const image = await renderCharacterAvatar(portraitOf(character));
  return publicUrl("avatars", await putObject("avatars", seedPortraitPath(character), image));
}

/**
 * Installations seeded before a portrait was redrawn keep an older seed drawing; at start-up each
 * seed character (and each person's copy of it) still showing one gets the current drawing. Only
 * URLs of earlier seed drawings are replaced: a picture an admin or owner uploaded or generated
 * has another name and is left alone. The old files stay, in case anything else still links them.
 * Returns how many portraits were redrawn.
 */
export async function redrawSeedPortraits(db: PrismaClient) {
  const prefix = `${publicUrl("avatars", folder)}/`;
  const rows = await db.$queryRaw<{ url: string }[]>`
    SELECT avatar_url AS url FROM characters WHERE starts_with(avatar_url, ${prefix})
    UNION SELECT avatar_url FROM chat_agents WHERE starts_with(avatar_url, ${prefix})`;
  let redrawn = 0;
  for (const character of seedCharacters) {
    const current = publicUrl("avatars", seedPortraitPath(character));
    const earlier = new RegExp(`^${escape(prefix + character.key)}(-[0-9a-f]{10})?\\.webp$`);
    const stale = rows.map((row) => row.url).filter((url) => url !== current && earlier.test(url));
    if (stale.length === 0) continue;
    await storeSeedPortrait(character);
    await db.$executeRaw`UPDATE characters SET avatar_url = ${current} WHERE avatar_url = ANY(${stale})`;
    await db.$executeRaw`UPDATE chat_agents SET avatar_url = ${current} WHERE avatar_url = ANY(${stale})`;
    redrawn += 1;
  }
  return redrawn;
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
