import { NAMESPACES, type TextId, type TextValues } from "~/lib/i18n/ids";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { translate } from "~/lib/i18n/store";
import { sourceTexts } from "./catalogue.server";
import { currentLanguage } from "./request.server";

/**
 * The server's own texts (an error's message, a field's error) are English constants in the code,
 * the spec's exact words; each is also a key of its area's catalogue. A message leaves the server
 * in the request's language, found by its English text: exactly, or by the English message's
 * pattern when it has placeholders ("Failed to upload {filename}"). A text no catalogue holds
 * leaves as it is.
 */
type Pattern = { id: TextId; pattern: RegExp; names: string[]; words: number };

let exact: Map<string, TextId> | null = null;
let patterns: Pattern[] = [];

function index() {
  if (exact) return exact;
  exact = new Map();
  patterns = [];
  for (const namespace of NAMESPACES) {
    for (const [key, text] of Object.entries(sourceTexts(DEFAULT_LANGUAGE, namespace))) {
      const id = `${namespace}.${key}` as TextId;
      if (!/\{\w+[,}]/.test(text)) {
        if (!exact.has(text)) exact.set(text, id);
        continue;
      }
      // Only plain placeholders make a pattern; a message with plurals is not a server message, and
      // one with few words of its own ("Remove {name}") would catch texts that are not it.
      if (/\{\w+,/.test(text) || text.replace(/\{\w+\}/g, "").trim().length < 10) continue;
      const names: string[] = [];
      const source = text
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          return "(.+?)";
        })
        .join("");
      patterns.push({ id, pattern: new RegExp(`^${source}$`, "s"), names, words: text.replace(/\{\w+\}/g, "").length });
    }
  }
  // The most specific pattern first: "Lorebook entry {number} needs content" before "Lorebook entry {number} {part}".
  patterns.sort((a, b) => b.words - a.words);
  return exact;
}

/** `text` in `lang` when a catalogue holds it in English; otherwise `text` unchanged. */
export function translateMessage(text: string, lang: Language = currentLanguage()): string {
  if (lang === DEFAULT_LANGUAGE || !text) return text;
  const id = index().get(text);
  if (id) return translate(lang, id);
  for (const { id: patternId, pattern, names } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: TextValues = {};
    names.forEach((name, position) => (values[name] = match[position + 1]!));
    return translate(lang, patternId, values);
  }
  return text;
}

/** One text by id in `lang` (mails, and server code that has the id). */
export function serverText(lang: Language, id: TextId, values?: TextValues) {
  return translate(lang, id, values);
}
