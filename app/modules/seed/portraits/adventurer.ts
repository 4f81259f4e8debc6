import type { adventurer } from "@dicebear/collection";
import type { StyleOptions } from "@dicebear/core";
import type { Appearance } from "../../../../prisma/seed/appearance";
import { bestHair, type DrawnTraits, type HairShape } from "./drawing";
import { hairColourOf, hairColours, pickFor, skinColours, skinToneOf } from "./palette";

type Options = Required<adventurer.Options> & Pick<StyleOptions<adventurer.Options>, "scale">;
type Hair = Options["hair"][number];

/** The adventurer hair, by what each drawing shows (flower crowns, top knots and bald heads left out). */
const hairs = {
  long01: { length: "chin", texture: "straight", worn: ["bob"], reads: "feminine" },
  long21: { length: "chin", texture: "straight", worn: ["bob", "fringe"], reads: "feminine" },
  long02: { length: "shoulder", texture: "straight", worn: ["messy"], reads: "feminine" },
  long20: { length: "shoulder", texture: "straight", reads: "feminine" },
  long26: { length: "shoulder", texture: "straight", worn: ["fringe"], reads: "feminine" },
  long24: { length: "shoulder", texture: "wavy", reads: "feminine" },
  long17: { length: "shoulder", texture: "curly", reads: "feminine" },
  long04: { length: "long", texture: "straight", worn: ["fringe"], reads: "feminine" },
  long05: { length: "long", texture: "straight", reads: "feminine" },
  long07: { length: "long", texture: "straight", worn: ["fringe"], reads: "feminine" },
  long06: { length: "long", texture: "wavy", reads: "feminine" },
  long09: { length: "long", texture: "wavy", reads: "feminine" },
  long22: { length: "long", texture: "wavy", worn: ["messy"], reads: "feminine" },
  long10: { length: "long", worn: ["bun", "messy"], reads: "feminine" },
  long11: { length: "long", worn: ["bun", "fringe"], reads: "feminine" },
  long14: { length: "long", worn: ["twinTails"], reads: "feminine" },
  long15: { length: "long", worn: ["twinTails", "fringe"], reads: "feminine" },
  long16: { length: "long", worn: ["braid", "fringe"], reads: "feminine" },
  long19: { length: "long", worn: ["ponytail"], reads: "feminine" },
  short01: { length: "short", texture: "straight", reads: "masculine" },
  short04: { length: "short", texture: "straight", reads: "masculine" },
  short10: { length: "short", texture: "straight", reads: "masculine" },
  short07: { length: "short", texture: "wavy", reads: "masculine" },
  short02: { length: "short", texture: "straight", worn: ["messy"], reads: "masculine" },
  short06: { length: "short", texture: "straight", worn: ["messy", "fringe"], reads: "masculine" },
  short08: { length: "short", texture: "straight", worn: ["messy"], reads: "masculine" },
  short09: { length: "short", texture: "straight", worn: ["messy"], reads: "masculine" },
  short14: { length: "short", texture: "straight", worn: ["messy"], reads: "masculine" },
  short15: { length: "short", texture: "straight", worn: ["spiky"], reads: "masculine" },
  short16: { length: "short", texture: "straight", worn: ["spiky"], reads: "masculine" },
  short03: { length: "short", texture: "curly", reads: "masculine" },
  short17: { length: "short", texture: "curly", reads: "masculine" },
} satisfies Partial<Record<Hair, HairShape>>;

const glasses = { round: "variant04", rectangular: "variant02", wire: "variant03" } as const;
const mouths = {
  grin: ["variant27", "variant28", "variant30"],
  smile: ["variant01", "variant21", "variant29"],
  calm: ["variant20", "variant21", "variant02"],
} as const;
const eyes = {
  woman: { grin: ["variant19"], smile: ["variant23", "variant24", "variant26"], calm: ["variant12", "variant24", "variant26"] },
  man: { grin: ["variant19"], smile: ["variant12", "variant24", "variant26"], calm: ["variant12", "variant03", "variant26"] },
} as const;

/** Every adventurer option pinned; its big eyes and bright hair read as anime. */
export function adventurerOptions(appearance: Appearance, key: string): Partial<Options> {
  const feature = appearance.extras?.find((extra) => extra === "freckles" || extra === "blush");
  return {
    // A head without a body fills its square; smaller, it survives the cards' 3:4 crop.
    scale: 82,
    hair: [bestHair(hairs, appearance, key)],
    hairProbability: 100,
    hairColor: [hairColours[appearance.hair.colour]],
    skinColor: [skinColours[appearance.skin]],
    features: [feature ?? "blush"],
    featuresProbability: feature ? 100 : 0,
    glasses: appearance.glasses ? [glasses[appearance.glasses.shape]] : ["variant04"],
    glassesProbability: appearance.glasses ? 100 : 0,
    earrings: ["variant01"],
    earringsProbability: appearance.extras?.includes("earrings") ? 100 : 0,
    eyes: [pickFor(eyes[appearance.presentation][appearance.expression], key, "eyes")],
    mouth: [pickFor(mouths[appearance.expression], key, "mouth")],
    // The other eyebrows frown.
    eyebrows: [pickFor(["variant03", "variant05", "variant06", "variant10", "variant12", "variant13"] as const, key, "brows")],
  };
}

export function adventurerTraits(options: Partial<Options>): DrawnTraits {
  const hair = options.hair![0] as keyof typeof hairs;
  const glassesOption = options.glassesProbability ? options.glasses![0] : null;
  const shape = (Object.keys(glasses) as (keyof typeof glasses)[]).find((name) => glasses[name] === glassesOption);
  const features = options.featuresProbability ? options.features! : [];
  return {
    hairOption: hair,
    hair: { ...(hairs[hair] as HairShape), colour: hairColourOf(options.hairColor![0]) },
    skin: skinToneOf(options.skinColor![0]),
    facialHair: features.includes("mustache") ? { kind: "moustache", colour: "black" } : null,
    glasses: shape ? { shape } : null,
    sunglasses: glassesOption !== null && !shape,
    headwear: null,
    extras: [...features.filter((feature) => feature === "freckles" || feature === "blush"), ...(options.earringsProbability ? (["earrings"] as const) : [])],
  };
}
