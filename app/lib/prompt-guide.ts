/** The prompt guide of an agent (spec section 3): ask_me groups, and one group each for the rest. */

export type PromptGroup = { category: string; prompts: string[] };
export type PromptSection = { key: "ask_me" | "send_me" | "show_me" | "can_i_see" | "chat_basics"; title: string; groups: PromptGroup[] };

const SECTIONS: { key: PromptSection["key"]; title: string }[] = [
  { key: "ask_me", title: "Ask Me" },
  { key: "send_me", title: "Send Me" },
  { key: "show_me", title: "Show Me" },
  { key: "can_i_see", title: "Can I See" },
  { key: "chat_basics", title: "Chat Basics" },
];

function toGroups(value: unknown): PromptGroup[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => {
    if (!entry || typeof entry !== "object") return [];
    const { category, prompts } = entry as { category?: unknown; prompts?: unknown };
    const texts = Array.isArray(prompts) ? prompts.filter((prompt): prompt is string => typeof prompt === "string" && prompt.trim() !== "") : [];
    return texts.length ? [{ category: typeof category === "string" ? category : "", prompts: texts }] : [];
  });
}

/** Reads whatever JSON is stored into the sections that have prompts, in the spec's order. */
export function readPromptGuide(guide: unknown): PromptSection[] {
  if (!guide || typeof guide !== "object") return [];
  return SECTIONS.map(({ key, title }) => ({ key, title, groups: toGroups((guide as Record<string, unknown>)[key]) })).filter(
    (section) => section.groups.length > 0,
  );
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
