import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { creatorLabel } from "~/lib/admin-users";
import { listPage } from "~/lib/admin-lists";
import { parseCharacterDetails } from "~/lib/documents/character-details";
import { LARGEST_STORED_INTEGER } from "~/lib/limits";
import { parsePromptGuide } from "~/lib/documents/prompt-guide";
import { promptGuideSections } from "~/lib/prompt-guide";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import { NotFoundError } from "~/modules/http/errors.server";

export const CHARACTERS_PAGE_SIZE = 20;

/** The list's filters as the URL carries them; anything malformed reads as no filter. */
const filtersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.coerce.number().int().positive().max(LARGEST_STORED_INTEGER).optional().catch(undefined),
  published: z.enum(["published", "draft", "submitted"]).optional().catch(undefined),
  page: listPage,
});
export type CharacterFilters = z.output<typeof filtersSchema>;

export function parseCharacterFilters(search: URLSearchParams): CharacterFilters {
  return filtersSchema.parse({
    q: search.get("q") ?? "",
    category: search.get("category") || undefined,
    published: search.get("published") || undefined,
    page: search.get("page") ?? 1,
  });
}

/** Every character (published or not), newest first: name contains the search (case-insensitive), in a category, published or draft. */
export async function listCharactersForAdmin({ q, category, published, page }: CharacterFilters) {
  const where: Prisma.CharacterWhereInput = {
    ...(q ? { name: { contains: q, mode: "insensitive" } } : {}),
    ...(category ? { categoryId: category } : {}),
    ...(published === "submitted" ? { review: "submitted" as const } : published ? { isPublished: published === "published" } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma().character.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * CHARACTERS_PAGE_SIZE,
      take: CHARACTERS_PAGE_SIZE,
      select: { id: true, name: true, avatarUrl: true, tags: true, isPublished: true, createdAt: true, category: { select: { name: true } } },
    }),
    prisma().character.count({ where }),
  ]);
  const characters = rows.map(({ category: rowCategory, ...row }) => ({ ...row, categoryName: rowCategory?.name ?? null }));
  return { characters, total, page, pageCount: Math.max(1, Math.ceil(total / CHARACTERS_PAGE_SIZE)) };
}

/**
 * What the info dialog shows of a character. As the spec says, it hides tags, chat_model,
 * image_model, voice, relationship and isPublished (the list shows the tags and the switch).
 */
const HIDDEN_DETAILS = new Set(["tags", "chat_model", "image_model", "voice", "relationship", "isPublished"]);

export async function getCharacterInfo(characterId: string) {
  const character = isUuid(characterId)
    ? await prisma().character.findUnique({
        where: { id: characterId },
        include: { category: { select: { name: true } }, createdBy: { select: { email: true } } },
      })
    : null;
  if (!character) throw new NotFoundError();
  const details = Object.entries(parseCharacterDetails(character.details).texts).filter(([name]) => !HIDDEN_DETAILS.has(name));
  return {
    id: character.id,
    name: character.name,
    description: character.description,
    avatarUrl: character.avatarUrl,
    categoryName: character.category?.name ?? null,
    createdAt: character.createdAt,
    /** Who made it, when a person did (the admins' own have none); a deleted account is named so. */
    createdBy: character.createdBy ? creatorLabel(character.createdBy.email) : null,
    welcomeMessage: character.welcomeMessage,
    personality: character.personality,
    scenario: character.scenario,
    details,
    systemInstruction: character.systemInstruction,
    messageInstruction: character.messageInstruction,
    imagePrompt: character.imagePrompt,
    promptGuide: promptGuideSections(parsePromptGuide(character.promptGuide)).map((section) => ({
      title: section.title,
      prompts: section.groups.reduce((count, group) => count + group.prompts.length, 0),
    })),
  };
}
