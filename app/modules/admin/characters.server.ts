import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { creatorLabel } from "~/lib/admin-users";
import { parseCharacterDetails } from "~/lib/documents/character-details";
import { LARGEST_STORED_INTEGER } from "~/lib/limits";
import { parsePromptGuide } from "~/lib/documents/prompt-guide";
import { promptGuideSections } from "~/lib/prompt-guide";
import { prisma } from "~/modules/db/db.server";
import { isUuid } from "~/modules/db/sql.server";
import type { ToastCode } from "~/lib/toasts";
import { CHARACTER_FORM_MAX_BYTES, CHARACTER_FORM_TOO_LARGE, readCharacterForm } from "~/modules/catalogue/character-editor.server";
import { EVERY_MODEL } from "~/modules/chat/model-choice.server";
import { NotFoundError, redirectWithToast, saveFailureData } from "~/modules/http/errors.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { adminAction } from "./console.server";

export const CHARACTERS_PAGE_SIZE = 20;

/** The list's filters as the URL carries them; anything malformed reads as no filter. */
const filtersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.coerce.number().int().positive().max(LARGEST_STORED_INTEGER).optional().catch(undefined),
  published: z.enum(["published", "draft", "submitted"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
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

type Submission = Exclude<Awaited<ReturnType<typeof readCharacterForm>>, { rows: unknown }>;

/**
 * The action of the character form (build and edit): the admin guard, then either the form shown
 * again with a list changed ("Add another" without JavaScript), a refusal with its field errors,
 * or `save` and `back` to the list with `toast`.
 */
export function characterFormAction(
  request: Request,
  {
    intent,
    save,
    toast,
    back = "/admin/characters",
    failed,
  }: {
    intent: string;
    save: (admin: AuditActor, submission: Submission) => Promise<unknown>;
    toast: ToastCode;
    back?: string;
    /** The spec's text for a save that failed for another reason than the form ("Error saving character"). */
    failed: string;
  },
) {
  const handle = async (admin: AuditActor, form: FormData) => {
    try {
      const submission = await readCharacterForm(form, EVERY_MODEL);
      if ("rows" in submission) return { values: submission.rows, changed: submission.changed };
      await save(admin, submission);
    } catch (error) {
      return saveFailureData(error, failed);
    }
    return redirectWithToast(back, toast);
  };
  return adminAction(request, { [intent]: handle }, { maxBytes: CHARACTER_FORM_MAX_BYTES, tooLarge: CHARACTER_FORM_TOO_LARGE });
}
