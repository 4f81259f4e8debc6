/** A hue of its own for every name, the same on every page and at every visit. */
function hueOf(name: string) {
  let hash = 2166136261;
  for (const character of name) hash = Math.imul(hash ^ character.codePointAt(0)!, 16777619);
  return (hash >>> 0) % 360;
}

/**
 * The colour behind a character's picture while it loads, and behind its initials when it has
 * none. Dark enough that white initials stay readable on every hue.
 */
export function nameBackground(name: string) {
  const hue = hueOf(name);
  return `linear-gradient(135deg, hsl(${hue} 55% 32%), hsl(${(hue + 40) % 360} 55% 20%))`;
}

/** "Luna" → "L", "Captain Sora Aozaki" → "CA": the first letters of the first and last words. */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked.map((word) => Array.from(word)[0].toLocaleUpperCase()).join("") || "?";
}
