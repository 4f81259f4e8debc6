// Deterministic synthetic catalogue for the explore benchmark: varied names, descriptions and
// tags, so that each search term below matches a few hundred of 10,000 characters.

/** Search terms the benchmark cycles through; the run prints how many rows each one matches. */
export const SEARCH_TERMS = ["detective", "pirate", "astronomer", "mystery", "gardener"];

const FIRST_NAMES = [
  "Aria", "Bram", "Cleo", "Dorian", "Elin", "Felix", "Greta", "Hugo", "Ines", "Jasper", "Kaia", "Leon",
  "Mira", "Nico", "Odette", "Pavel", "Quinn", "Rosa", "Silas", "Tamsin", "Ulric", "Vera", "Wren", "Xavi",
  "Yara", "Zane", "Amara", "Boris", "Celeste", "Dante", "Esme", "Florian", "Gwen", "Hector", "Ingrid",
  "Jonah", "Kira", "Lucian", "Maeve", "Nadia", "Otto", "Priya", "Rafael", "Sana", "Tobias", "Uma", "Viktor",
  "Willa", "Yusuf", "Zora", "Anouk", "Bastian", "Carmen", "Dmitri", "Elodie", "Farid", "Hana", "Ivo",
];
const LAST_NAMES = [
  "Ashford", "Blackwood", "Castellan", "Duskmere", "Everhart", "Fairweather", "Greyson", "Hollow", "Ironside",
  "Juniper", "Kestrel", "Lockhart", "Marlowe", "Northcott", "Oakridge", "Pembrook", "Quill", "Ravenscroft",
  "Sterling", "Thornbury", "Underhill", "Vantablack", "Whitlock", "Yardley", "Zephyr", "Abernathy", "Brightwater",
  "Cromwell", "Delacroix", "Emberly", "Foxglove", "Goldmoor", "Hawthorne", "Inkwell", "Jessamine", "Kingsley",
];
/** 40 roles: one per character, so each matches about 1/40 of the rows (about 250 of 10,000). */
const ROLES = [
  "detective", "pirate", "astronomer", "gardener", "librarian", "blacksmith", "violinist", "chef", "pilot",
  "cartographer", "alchemist", "lawyer", "nurse", "architect", "sculptor", "bartender", "courier", "diplomat",
  "engineer", "florist", "geologist", "historian", "illustrator", "journalist", "knight", "lighthouse keeper",
  "mechanic", "novelist", "oceanographer", "photographer", "quartermaster", "ranger", "smuggler", "tailor",
  "undertaker", "veterinarian", "watchmaker", "yoga teacher", "zookeeper", "beekeeper",
];
const ADJECTIVES = [
  "cheerful", "brooding", "witty", "soft-spoken", "fearless", "curious", "sarcastic", "gentle", "restless",
  "meticulous", "dreamy", "stubborn", "charming", "quiet", "bold", "eccentric", "patient", "mischievous",
];
const PLACES = [
  "a foggy harbour town", "the northern mountains", "a neon-lit megacity", "a sleepy village", "a floating island",
  "an old university", "the desert frontier", "a space station", "a riverside market", "a snowbound monastery",
  "a jazz-age city", "an orbital colony", "the royal court", "a seaside cottage", "a haunted manor",
];
const HOBBIES = [
  "collects old maps", "bakes bread at dawn", "writes letters nobody reads", "talks to stray cats",
  "plays chess by candlelight", "restores vintage radios", "sketches strangers", "keeps a dream journal",
  "hikes before sunrise", "brews strange teas", "memorises constellations", "repairs clocks for fun",
  "learns a new language every year", "tends a rooftop garden", "tells terrible puns",
];
/** 60 tags, 2-4 per character: each tag is on about 5% of the rows. */
const TAGS = [
  "romance", "adventure", "mystery", "comedy", "drama", "fantasy", "sci-fi", "horror", "slice of life",
  "historical", "friendly", "flirty", "mentor", "rival", "protective", "shy", "confident", "playful", "serious",
  "wholesome", "dark", "cozy", "action", "supernatural", "magic", "cyberpunk", "steampunk", "noir", "western",
  "sports", "music", "art", "cooking", "travel", "nature", "science", "philosophy", "poetry", "gaming",
  "fitness", "fashion", "business", "coaching", "therapy-style", "language tutor", "career", "study buddy",
  "motivation", "storyteller", "villain", "hero", "anti-hero", "royalty", "military", "spy", "vampire",
  "elf", "robot", "dragon", "ghost",
];

export type SyntheticCharacter = {
  name: string;
  description: string;
  tags: string[];
  categoryId: number;
  welcomeMessage: string;
  /** Milliseconds before the oldest seeded character. */
  ageMs: number;
};

/** mulberry32: small, fast, deterministic. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function* syntheticCharacters(count: number, seed = 20261121): Generator<SyntheticCharacter> {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const spanMs = 365 * 24 * 3600 * 1000;
  for (let index = 0; index < count; index++) {
    const first = pick(FIRST_NAMES);
    const role = pick(ROLES);
    const tags = new Set<string>();
    const tagCount = 2 + Math.floor(next() * 3);
    while (tags.size < tagCount) tags.add(pick(TAGS));
    yield {
      name: `${first} ${pick(LAST_NAMES)}`,
      description: `A ${pick(ADJECTIVES)} ${role} from ${pick(PLACES)} who ${pick(HOBBIES)}.`,
      tags: [...tags],
      categoryId: 1 + Math.floor(next() * 4),
      welcomeMessage: `Hi, I'm ${first}. What brings you here today?`,
      ageMs: Math.floor(((index + next()) / count) * spanMs),
    };
  }
}
