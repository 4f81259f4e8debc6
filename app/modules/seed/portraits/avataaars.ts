import type { avataaars } from "@dicebear/collection";
import type { Appearance } from "../../../../prisma/seed/appearance";
import { bestHair, type DrawnTraits, type HairShape } from "./drawing";
import { hairColourOf, hairColours, pickFor, skinColours, skinToneOf } from "./palette";

type Options = Required<avataaars.Options>;
type Top = Options["top"][number];

/**
 * The avataaars hair that draws a person. Hats, hijabs and the flower crown are left out, and so
 * is bigHair, whose pale crown reads as grey.
 */
const tops = {
  curvy: { length: "long", texture: "wavy", reads: "feminine" },
  straight01: { length: "long", texture: "straight", reads: "feminine" },
  straight02: { length: "long", texture: "straight", reads: "feminine" },
  straightAndStrand: { length: "long", texture: "straight", reads: "feminine" },
  curly: { length: "shoulder", texture: "curly", reads: "feminine" },
  longButNotTooLong: { length: "shoulder", texture: "straight", reads: "feminine" },
  bob: { length: "chin", texture: "straight", worn: ["bob"], reads: "feminine" },
  miaWallace: { length: "chin", texture: "straight", worn: ["bob", "fringe"], reads: "feminine" },
  bun: { length: "long", worn: ["bun"], reads: "feminine" },
  froBand: { length: "shoulder", texture: "curly", worn: ["tiedUp"], reads: "feminine" },
  fro: { length: "short", texture: "coily", worn: ["afro"], reads: "any" },
  dreads: { length: "long", texture: "coily", reads: "any" },
  shaggy: { length: "short", texture: "straight", worn: ["messy", "fringe", "pixie"], reads: "any" },
  shaggyMullet: { length: "chin", texture: "wavy", worn: ["messy"], reads: "masculine" },
  frizzle: { length: "short", texture: "curly", reads: "masculine" },
  shortCurly: { length: "short", texture: "curly", reads: "masculine" },
  shortFlat: { length: "short", texture: "straight", reads: "masculine" },
  shortRound: { length: "short", texture: "straight", reads: "masculine" },
  shortWaved: { length: "short", texture: "wavy", reads: "masculine" },
  theCaesar: { length: "cropped", reads: "masculine" },
  theCaesarAndSidePart: { length: "cropped", texture: "straight", reads: "masculine" },
  dreads01: { length: "short", texture: "coily", reads: "masculine" },
  sides: { length: "bald", reads: "masculine" },
} satisfies Partial<Record<Top, HairShape>>;

const facialHair = { stubble: "beardLight", beard: "beardMedium", fullBeard: "beardMajestic", moustache: "moustacheFancy" } as const;
const glasses = { round: "round", rectangular: "prescription02", wire: "prescription01" } as const;
const clothing = {
  tee: "shirtCrewNeck",
  graphicTee: "graphicShirt",
  top: "shirtScoopNeck",
  shirt: "shirtVNeck",
  sweater: "collarAndSweater",
  cardigan: "blazerAndSweater",
  blazer: "blazerAndShirt",
  hoodie: "hoodie",
  apron: "overall",
} as const;
const expressions = {
  grin: { eyes: ["happy", "default"], mouth: ["smile"] },
  smile: { eyes: ["default"], mouth: ["smile", "twinkle"] },
  calm: { eyes: ["default"], mouth: ["twinkle", "default"] },
} as const;

/** Every avataaars option pinned: nothing random can contradict the written appearance. */
export function avataaarsOptions(appearance: Appearance, key: string): Partial<Options> {
  const expression = expressions[appearance.expression];
  const hairColour = hairColours[appearance.hair.colour];
  return {
    top: [appearance.headwear ? "hat" : bestHair(tops, appearance, key)],
    topProbability: 100,
    hatColor: [appearance.headwear?.colour.replace("#", "") ?? hairColour],
    hairColor: [hairColour],
    skinColor: [skinColours[appearance.skin]],
    facialHair: appearance.facialHair ? [facialHair[appearance.facialHair.kind]] : ["beardLight"],
    facialHairColor: [hairColours[appearance.facialHair?.colour ?? appearance.hair.colour]],
    facialHairProbability: appearance.facialHair ? 100 : 0,
    accessories: appearance.glasses ? [glasses[appearance.glasses.shape]] : ["round"],
    accessoriesColor: [appearance.glasses?.colour.replace("#", "") ?? "262e33"],
    accessoriesProbability: appearance.glasses ? 100 : 0,
    clothing: [clothing[appearance.outfit.kind]],
    clothesColor: [appearance.outfit.colour.replace("#", "")],
    clothingGraphic: [pickFor(["bear", "deer", "diamond", "hola", "pizza"] as const, key, "graphic")],
    eyes: [pickFor(expression.eyes, key, "eyes")],
    mouth: [pickFor(expression.mouth, key, "mouth")],
    eyebrows: [
      appearance.presentation === "woman"
        ? pickFor(["default", "defaultNatural", "raisedExcited"] as const, key, "brows")
        : pickFor(["defaultNatural", "raisedExcitedNatural"] as const, key, "brows"),
    ],
  };
}

export function avataaarsTraits(options: Partial<Options>): DrawnTraits {
  const top = options.top![0] as keyof typeof tops | "hat";
  const accessory = options.accessoriesProbability ? options.accessories![0] : null;
  const beard = options.facialHairProbability ? options.facialHair![0] : null;
  return {
    hairOption: top,
    hair: top === "hat" ? { hidden: true, reads: "any" } : { ...(tops[top] as HairShape), colour: hairColourOf(options.hairColor![0]) },
    skin: skinToneOf(options.skinColor![0]),
    facialHair: beard ? { kind: keyOf(facialHair, beard), colour: hairColourOf(options.facialHairColor![0]) } : null,
    glasses: accessory && accessory in reverse(glasses) ? { shape: keyOf(glasses, accessory) } : null,
    sunglasses: accessory !== null && !(accessory in reverse(glasses)),
    headwear: top === "hat" ? "hat" : null,
    extras: [],
  };
}

function reverse<Value extends string>(table: Record<string, Value>) {
  return Object.fromEntries(Object.entries(table).map(([name, value]) => [value, name]));
}

function keyOf<Table extends Record<string, string>>(table: Table, value: string) {
  return reverse(table)[value] as keyof Table;
}
