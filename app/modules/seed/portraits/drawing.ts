import type { Appearance, HairColour, HairLength, HairTexture, HairWorn, SkinTone } from "../../../../prisma/seed/appearance";
import { pickFor } from "./palette";

/** What a hair option of a style looks like, read from its drawing; `reads` is how it presents. */
export type HairShape = { length: HairLength; texture?: HairTexture; worn?: HairWorn[]; reads: "feminine" | "masculine" | "any" };

/** What a finished portrait shows, read back from its options: tests hold it against the written text. */
export type DrawnTraits = {
  hairOption: string;
  hair: (HairShape & { colour: HairColour }) | { hidden: true; reads: "any" };
  skin: SkinTone;
  facialHair: { kind: NonNullable<Appearance["facialHair"]>["kind"]; colour: HairColour } | null;
  glasses: { shape: NonNullable<Appearance["glasses"]>["shape"] } | null;
  sunglasses: boolean;
  headwear: "hat" | null;
  extras: NonNullable<Appearance["extras"]>;
};

const tiedUp: HairWorn[] = ["bun", "braid", "ponytail", "twinTails", "tiedUp"];
const lengths: HairLength[] = ["bald", "cropped", "short", "chin", "shoulder", "long"];

/**
 * The style's hair option that fits the written hair best: how it is worn counts most, then its
 * length, then its texture; a plain cut beats a styled one when the text names no style. Hair the
 * text leaves loose is never drawn tied up. Equal fits are chosen by the key.
 */
export function bestHair<Option extends string>(shapes: Record<Option, HairShape>, appearance: Appearance, key: string): Option {
  const reads = appearance.presentation === "woman" ? "feminine" : "masculine";
  const { hair } = appearance;
  const scored = (Object.keys(shapes) as Option[]).flatMap((option) => {
    const shape = shapes[option];
    if (shape.reads !== "any" && shape.reads !== reads) return [];
    if (shape.worn?.some((worn) => tiedUp.includes(worn) && worn !== hair.worn)) return [];
    return [{ option, score: wornScore(shape, hair.worn) + lengthScore(shape.length, hair.length) + textureScore(shape.texture, hair.texture) }];
  });
  const best = Math.max(...scored.map((entry) => entry.score));
  return pickFor(
    scored.filter((entry) => entry.score === best).map((entry) => entry.option),
    key,
    "hair",
  );
}

function wornScore(shape: HairShape, worn: HairWorn | undefined) {
  if (worn) return shape.worn?.includes(worn) ? 8 : 0;
  return shape.worn ? -1 : 0;
}

function lengthScore(drawn: HairLength, written: HairLength) {
  const distance = Math.abs(lengths.indexOf(drawn) - lengths.indexOf(written));
  return distance === 0 ? 4 : distance === 1 ? 1 : -4;
}

function textureScore(drawn: HairTexture | undefined, written: HairTexture) {
  if (!drawn || drawn === written) return 3;
  const near = (drawn === "wavy" && written === "curly") || (drawn === "curly" && written === "wavy") || (drawn === "curly" && written === "coily");
  return near ? 1 : 0;
}
