import type { CategoryName, SeedCharacter } from "../../../../prisma/seed/catalogue-data";
import { adventurerOptions, adventurerTraits } from "./adventurer";
import { avataaarsOptions, avataaarsTraits } from "./avataaars";
import type { DrawnTraits } from "./drawing";

/**
 * One style per category. The three categories of people share avataaars, the only style that
 * draws stubble, trimmed and full beards in their own colour, glasses by shape, and long, tied and
 * cropped hair; Anime gets adventurer's big eyes and bright hair. See docs/decisions/024.
 */
export const categoryStyles = { Girls: "avataaars", Guys: "avataaars", Pros: "avataaars", Anime: "adventurer" } as const satisfies Record<CategoryName, string>;

export type PortraitStyle = (typeof categoryStyles)[CategoryName];
export type PortraitDrawing = { style: PortraitStyle; options: Record<string, unknown> };

type Drawable = Pick<SeedCharacter, "key" | "category" | "appearance" | "avatar">;

/** The DiceBear style and the pinned options that draw a seed character from its appearance. */
export function portraitOf(character: Drawable): PortraitDrawing {
  const style = categoryStyles[character.category];
  const drawn = style === "avataaars" ? avataaarsOptions(character.appearance, character.key) : adventurerOptions(character.appearance, character.key);
  return { style, options: { ...drawn, backgroundColor: [character.avatar.background.replace("#", "")] } };
}

/** What a drawing shows, read back from its options. */
export function traitsOf(drawing: PortraitDrawing): DrawnTraits {
  return drawing.style === "avataaars" ? avataaarsTraits(drawing.options) : adventurerTraits(drawing.options);
}
