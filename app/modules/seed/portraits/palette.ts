import type { HairColour, SkinTone } from "../../../../prisma/seed/appearance";

/** One colour per skin tone, lightest to deepest; every style draws a tone in the same colour. */
export const skinColours: Record<SkinTone, string> = {
  pale: "fbe4d5",
  fair: "f6d1b6",
  light: "ecb98f",
  olive: "d6a06e",
  tan: "bd8150",
  brown: "94603b",
  deep: "5f3b26",
};

export const hairColours: Record<HairColour, string> = {
  black: "1f1a17",
  darkBrown: "3b2a21",
  brown: "5e3b25",
  lightBrown: "8b5e3c",
  chestnut: "7a3b1d",
  auburn: "9a3b1b",
  copper: "c0561e",
  blonde: "e0bd6c",
  platinum: "f1e3a8",
  sandy: "c2a06b",
  greyingBrown: "8a7b6e",
  grey: "a4a4a4",
  saltPepper: "6f6f6f",
  white: "ececec",
  silver: "c7ced8",
  pink: "f59ac0",
  blue: "2f56b8",
  navy: "26315f",
  paleBlue: "a7d3f2",
  lavender: "b9a2e6",
};

/** The tone or hair colour a drawn hex stands for (the inverse of the tables above). */
export function skinToneOf(hex: string) {
  return nameOf(skinColours, hex);
}

export function hairColourOf(hex: string) {
  return nameOf(hairColours, hex);
}

function nameOf<Name extends string>(table: Record<Name, string>, hex: string): Name {
  const name = (Object.keys(table) as Name[]).find((key) => table[key] === hex.replace("#", ""));
  if (!name) throw new Error(`Colour ${hex} is not in the portrait palette`);
  return name;
}

/** A stable choice from a list for a character, so its leftover features never change between runs. */
export function pickFor<Item>(items: readonly Item[], key: string, salt: string): Item {
  let hash = 2166136261;
  for (const character of `${key}:${salt}`) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619);
  return items[(hash >>> 0) % items.length];
}
