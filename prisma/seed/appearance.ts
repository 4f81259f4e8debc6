// How a seed character looks, written to agree with its imagePrompt. Its portrait is drawn from
// this (app/modules/seed/portraits), never from random features.

export type SkinTone = "pale" | "fair" | "light" | "olive" | "tan" | "brown" | "deep";

export type HairColour =
  | "black"
  | "darkBrown"
  | "brown"
  | "lightBrown"
  | "chestnut"
  | "auburn"
  | "copper"
  | "blonde"
  | "platinum"
  | "sandy"
  | "greyingBrown"
  | "grey"
  | "saltPepper"
  | "white"
  | "silver"
  | "pink"
  | "blue"
  | "navy"
  | "paleBlue"
  | "lavender";

export type HairLength = "bald" | "cropped" | "short" | "chin" | "shoulder" | "long";
export type HairTexture = "straight" | "wavy" | "curly" | "coily";
/** How the hair is worn, where the text says so. */
export type HairWorn = "bun" | "braid" | "ponytail" | "twinTails" | "tiedUp" | "bob" | "pixie" | "spiky" | "messy" | "afro" | "fringe";

export type Appearance = {
  presentation: "woman" | "man";
  /** The age the character looks, in years. */
  age: number;
  skin: SkinTone;
  hair: { length: HairLength; colour: HairColour; texture: HairTexture; worn?: HairWorn };
  facialHair?: { kind: "stubble" | "beard" | "fullBeard" | "moustache"; colour: HairColour };
  glasses?: { shape: "round" | "rectangular" | "wire"; colour: string };
  /** Only a hat a style can draw; other headwear in the text is left out of the portrait. */
  headwear?: { kind: "hat"; colour: string };
  outfit: { kind: "tee" | "graphicTee" | "top" | "shirt" | "sweater" | "cardigan" | "blazer" | "hoodie" | "apron"; colour: string };
  expression: "grin" | "smile" | "calm";
  extras?: ("freckles" | "blush" | "earrings")[];
};
