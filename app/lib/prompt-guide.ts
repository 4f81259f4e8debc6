/** The prompt guide of an agent (spec section 3) as the chat shows it: its sections that have prompts. */

import { parsePromptGuide, type PromptGroup, type PromptGuide } from "./documents/prompt-guide";

export type { PromptGroup };
export type PromptSection = { key: keyof PromptGuide; title: string; groups: PromptGroup[] };

const SECTIONS: { key: PromptSection["key"]; title: string }[] = [
  { key: "ask_me", title: "Ask Me" },
  { key: "send_me", title: "Send Me" },
  { key: "show_me", title: "Show Me" },
  { key: "can_i_see", title: "Can I See" },
  { key: "chat_basics", title: "Chat Basics" },
];

/** The sections of a read guide that have prompts, in the spec's order. */
export function promptGuideSections(guide: PromptGuide): PromptSection[] {
  return SECTIONS.map(({ key, title }) => {
    const groups = guide[key];
    return { key, title, groups: Array.isArray(groups) ? groups : groups ? [groups] : [] };
  }).filter((section) => section.groups.length > 0);
}

/** Reads whatever JSON is stored into the sections that have prompts, in the spec's order. */
export function readPromptGuide(guide: unknown): PromptSection[] {
  return promptGuideSections(parsePromptGuide(guide));
}

/** Search across all sections: groups keep only matching prompts (or all, when the category matches). */
export function searchPromptGuide(sections: PromptSection[], query: string): PromptSection[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return sections;
  return sections
    .map((section) => ({
      ...section,
      groups: section.groups
        .map((group) =>
          group.category.toLowerCase().includes(needle)
            ? group
            : { ...group, prompts: group.prompts.filter((prompt) => prompt.toLowerCase().includes(needle)) },
        )
        .filter((group) => group.prompts.length > 0),
    }))
    .filter((section) => section.groups.length > 0);
}
