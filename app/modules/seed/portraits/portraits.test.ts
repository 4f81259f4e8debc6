import * as collection from "@dicebear/collection";
import { schema as coreSchema } from "@dicebear/core";
import { describe, expect, it } from "vitest";
import type { HairColour, SkinTone } from "../../../../prisma/seed/appearance";
import { seedCharacters, type SeedCharacter } from "../../../../prisma/seed/catalogue-data";
import type { DrawnTraits } from "./drawing";
import { categoryStyles, portraitOf, traitsOf } from "./portraits";

// The cues are read from the written text (imagePrompt, then the system instruction for age), never
// from the appearance data, so an edit to a prompt that contradicts its portrait fails here.

const greys: HairColour[] = ["grey", "greyingBrown", "saltPepper", "white", "silver"];
const fantasy: HairColour[] = ["pink", "blue", "navy", "paleBlue", "lavender"];

const hairColourWords: [RegExp, HairColour[]][] = [
  [/\bpale blue\b/, ["paleBlue"]],
  [/\bnavy\b/, ["navy"]],
  [/\bblue\b/, ["blue", "navy"]],
  [/\bpink\b/, ["pink"]],
  [/\blavender\b/, ["lavender"]],
  [/\bsilver\b/, ["silver"]],
  [/\bwhite\b/, ["white"]],
  [/\bsaltpepper\b/, ["saltPepper"]],
  [/\bgreying brown\b/, ["greyingBrown"]],
  [/\bgreying\b/, ["grey", "saltPepper", "greyingBrown"]],
  [/\bgr[ae]y\b/, ["grey"]],
  [/\bauburn\b/, ["auburn"]],
  [/\bcopper\b/, ["copper"]],
  [/\bchestnut\b/, ["chestnut"]],
  [/\bsandy\b/, ["sandy"]],
  [/\bbleached blonde\b/, ["platinum"]],
  [/\bblonde?\b/, ["blonde", "platinum"]],
  [/\blight brown\b/, ["lightBrown"]],
  [/\bsun-bleached\b.*\bbrown\b/, ["lightBrown"]],
  [/\bbrown\b/, ["brown", "darkBrown", "lightBrown", "chestnut"]],
  [/\bblack\b/, ["black"]],
  [/\bdark\b/, ["black", "darkBrown", "brown"]],
];

// Skin words, and the few words of origin that the prompts use to say how dark a person's skin is.
const skinWords: [RegExp, SkinTone[]][] = [
  [/\bpale skin\b/, ["pale", "fair"]],
  [/\b(fair skin|rosy cheeks)\b/, ["pale", "fair", "light"]],
  [/\b(sun-tanned|tanned|sun-weathered|sun-creased)\b/, ["olive", "tan", "brown"]],
  [/\b(Black|African-American|Nigerian|Kenyan|Kenyan-Canadian|Ghanaian)\b/, ["brown", "deep"]],
  [/\b(Indian|Indian-American|British-Pakistani)\b/, ["olive", "tan", "brown"]],
  [/\b(Japanese|Korean|Taiwanese|Chinese)\b/, ["pale", "fair", "light"]],
];

const numbers: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70 };
const units: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const decades: Record<string, number> = { twenties: 20, thirties: 30, forties: 40, fifties: 50, sixties: 60, seventies: 70 };

function cuesOf(character: SeedCharacter) {
  const prompt = character.imagePrompt.replace(/salt-and-pepper/g, "saltpepper");
  const clauses = prompt.split(/,|\band\b|\bwith\b|\bunder\b|\bin a\b|\bover\b/).map((clause) => clause.trim());
  const hair = clauses
    .filter((clause) => /\b(hair|braids?|bob|afro|twin-tails|ponytail|pixie|curls|fade|bun)\b/.test(clause) && !/hair clips/.test(clause))
    .join(" ");
  const beard = clauses.filter((clause) => /\b(beard|stubble|moustache|mustache)\b/.test(clause)).join(" ");
  const glasses = clauses.filter((clause) => /\bglasses\b/.test(clause)).join(" ");
  return {
    presentation: /\b(woman|man)\b/.exec(prompt)?.[1] as "woman" | "man",
    age: ageOf(character),
    hair,
    hairColours: hairColourWords.find(([words]) => words.test(hair))?.[1],
    beard,
    beardColours: hairColourWords.find(([words]) => words.test(beard))?.[1],
    glasses,
    skin: skinWords.filter(([words]) => words.test(prompt)).map(([, tones]) => tones),
    hat: /\bhat\b/.test(prompt),
    freckles: /\bfreckles\b/.test(prompt),
  };
}

function ageOf(character: SeedCharacter) {
  const prompt = character.imagePrompt;
  const decade = /\b(early|mid|late)[- ](twenties|thirties|forties|fifties|sixties|seventies)\b/.exec(prompt);
  if (decade) return decades[decade[2]] + { early: 2, mid: 5, late: 8 }[decade[1] as "early" | "mid" | "late"];
  const words = /\b(twenty|thirty|forty|fifty|sixty|seventy)(?:-(one|two|three|four|five|six|seven|eight|nine))?\b/.exec(prompt);
  if (words) return numbers[words[1]] + (words[2] ? units[words[2]] : 0);
  if (/\bnineteen\b/.test(prompt)) return 19;
  if (/\byoung adult\b/.test(prompt)) return 22;
  return Number(/\ba (\d+)-year-old\b/.exec(character.systemInstruction)?.[1]);
}

function hairOf(drawn: DrawnTraits) {
  return "hidden" in drawn.hair ? null : drawn.hair;
}

const drawings = seedCharacters.map((character) => ({ character, cues: cuesOf(character), drawn: traitsOf(portraitOf(character)) }));

describe.each(drawings)("the portrait of $character.name ($character.key)", ({ character, cues, drawn }) => {
  const hair = hairOf(drawn);

  it("presents as the text says", () => {
    expect(cues.presentation).toMatch(/^(woman|man)$/);
    if (cues.presentation === "woman") expect(drawn.facialHair).toBeNull();
    expect(drawn.hair.reads).not.toBe(cues.presentation === "woman" ? "masculine" : "feminine");
  });

  it("has facial hair only where the text describes it, of the kind described", () => {
    if (!cues.beard) return expect(drawn.facialHair).toBeNull();
    if (/\bstubble\b/.test(cues.beard)) expect(drawn.facialHair?.kind).toBe("stubble");
    else if (/\b(trimmed|neat|neatly|short|groomed)\b/.test(cues.beard)) expect(drawn.facialHair?.kind).toBe("beard");
    else if (/\bbeard\b/.test(cues.beard)) expect(["beard", "fullBeard"]).toContain(drawn.facialHair?.kind);
    else expect(drawn.facialHair?.kind).toBe("moustache");
    if (cues.beardColours) expect(cues.beardColours).toContain(drawn.facialHair?.colour);
    else if (hair) expect(drawn.facialHair?.colour).toBe(hair.colour);
  });

  it("wears glasses only where the text says, of the shape it says", () => {
    expect(drawn.sunglasses).toBe(false);
    if (!cues.glasses) return expect(drawn.glasses).toBeNull();
    expect(drawn.glasses).not.toBeNull();
    for (const shape of ["round", "rectangular", "wire"] as const) if (cues.glasses.includes(shape)) expect(drawn.glasses?.shape).toBe(shape);
  });

  it("draws the hair colour the text names", () => {
    if (!hair) return expect(cues.hat).toBe(true);
    if (cues.hairColours) return expect(cues.hairColours).toContain(hair.colour);
    expect(fantasy).not.toContain(hair.colour);
  });

  it("draws the hair length and how it is worn as the text says", () => {
    if (!hair) return;
    const text = cues.hair;
    if (/\blong\b/.test(text)) expect(hair.length).toBe("long");
    if (/\bshoulder-length\b/.test(text)) expect(["shoulder", "chin"]).toContain(hair.length);
    if (/\b(short|cropped|close-cropped|fade|pixie)\b/.test(text)) expect(["short", "cropped"]).toContain(hair.length);
    for (const [words, worn] of [
      [/\bbun\b/, "bun"],
      [/\bponytail\b/, "ponytail"],
      [/\btwin-tails\b/, "twinTails"],
      [/\bbob\b/, "bob"],
      [/\bpixie\b/, "pixie"],
      [/\bafro\b/, "afro"],
      [/\bspiky\b/, "spiky"],
    ] as const) {
      if (words.test(text)) expect(hair.worn ?? []).toContain(worn);
    }
    const tied = { bun: /\bbun\b/, braid: /\bbraid\b/, ponytail: /\bponytail\b/, twinTails: /\btwin-tails\b/, tiedUp: /\btied up\b/ };
    for (const worn of hair.worn ?? []) if (worn in tied) expect(character.imagePrompt).toMatch(tied[worn as keyof typeof tied]);
    if (/\b(curly|curls|afro)\b/.test(text)) expect(hair.texture).not.toBe("straight");
    if (/\bwavy\b/.test(text)) expect(["wavy", "curly", undefined]).toContain(hair.texture);
    if (/\bstraight\b/.test(text)) expect(["straight", undefined]).toContain(hair.texture);
  });

  it("shows the age the text gives", () => {
    expect(cues.age).toBeGreaterThanOrEqual(18);
    const drawnColours = [hair?.colour, drawn.facialHair?.colour].filter(Boolean) as HairColour[];
    const writtenGrey = /\b(grey|gray|greying|white|silver|saltpepper)\b/.test(`${cues.hair} ${cues.beard}`);
    if (cues.age >= 60) expect(drawnColours.some((colour) => greys.includes(colour))).toBe(true);
    if (cues.age < 45 && !writtenGrey) expect(drawnColours.filter((colour) => greys.includes(colour))).toEqual([]);
  });

  it("has the skin tone the text gives", () => {
    for (const tones of cues.skin) expect(tones).toContain(drawn.skin);
  });

  it("draws a hat or freckles only where the text has them", () => {
    if (drawn.headwear) expect(cues.hat).toBe(true);
    if (drawn.extras.includes("freckles")) expect(cues.freckles).toBe(true);
  });
});

describe("the seed portraits", () => {
  it("draw each category in one style", () => {
    for (const { character } of drawings) expect(portraitOf(character).style).toBe(categoryStyles[character.category]);
  });

  it("pin every option, so nothing random is drawn", () => {
    for (const { character } of drawings) {
      const { style, options } = portraitOf(character);
      const schema = { ...coreSchema.properties, ...collection[style].schema.properties } as Record<string, { items?: { enum?: string[] } }>;
      for (const [name, value] of Object.entries(options)) {
        expect(schema, `${character.key}: ${name}`).toHaveProperty(name);
        if (Array.isArray(value)) expect(value, `${character.key}: ${name}`).toHaveLength(1);
        if (name.endsWith("Probability")) expect([0, 100]).toContain(value);
        const allowed = schema[name]?.items?.enum;
        if (allowed) expect(allowed, `${character.key}: ${name}`).toContain((value as string[])[0]);
      }
    }
  });

  it("look unlike each other: any two in a style differ in at least two ways", () => {
    const alike: string[] = [];
    for (const [index, first] of drawings.entries()) {
      for (const second of drawings.slice(index + 1)) {
        if (categoryStyles[first.character.category] !== categoryStyles[second.character.category]) continue;
        if (difference(first.drawn, second.drawn) < 2) alike.push(`${first.character.name} and ${second.character.name}`);
      }
    }
    expect(alike).toEqual([]);
  });
});

/** Another cut of hair counts once, or twice when its length, presentation or tying differs too. */
function difference(first: DrawnTraits, second: DrawnTraits) {
  const features = (drawn: DrawnTraits) => [
    hairOf(drawn)?.colour,
    drawn.skin,
    `${drawn.facialHair?.kind}:${drawn.facialHair?.colour}`,
    drawn.glasses?.shape,
    drawn.headwear,
  ];
  const a = features(first);
  const b = features(second);
  return hairDifference(first, second) + a.filter((feature, position) => feature !== b[position]).length;
}

function hairDifference(first: DrawnTraits, second: DrawnTraits) {
  if (first.hairOption === second.hairOption) return 0;
  const shape = (drawn: DrawnTraits) => {
    const hair = hairOf(drawn);
    const tied = hair?.worn?.filter((worn) => ["bun", "braid", "ponytail", "twinTails", "tiedUp"].includes(worn)).join() ?? "";
    return `${hair?.length}:${drawn.hair.reads}:${tied}`;
  };
  return shape(first) === shape(second) ? 1 : 2;
}
