import type { PrismaClient } from "~/generated/prisma/client";
import { characterDocumentColumns, characterDocumentSchema } from "~/lib/documents/character-document";
import { detailOptionsSchema } from "~/lib/documents/detail-options";
import { modelSettingsSchema } from "~/lib/documents/model-settings";
import { promptGuideSchema } from "~/lib/documents/prompt-guide";
import { isPlatformConfigured } from "~/modules/config/env.server";
import { putObject, publicUrl } from "~/modules/storage/storage.server";
import { seedBanners, seedCharacterDetails, seedCharacters, seedPlans, type SeedCharacter } from "../../../prisma/seed/catalogue-data";
import { renderBannerImage } from "./artwork.server";
import { seedCategories, seedChatModels, seedModelTypes, seedTokenPackages } from "./reference-data";
import { storeSeedPortrait } from "./seed-portraits.server";

/** Seeds the starter catalogue unless the database already has one. Returns whether it seeded. */
export async function seedCatalogueIfEmpty(db: PrismaClient) {
  if ((await db.category.count()) > 0) return false;
  await seedCatalogue(db);
  return true;
}

/**
 * Artwork is rendered and stored first, then every row goes in one transaction, so a crash
 * leaves either a full catalogue or an empty one (and the next start seeds again).
 */
export async function seedCatalogue(db: PrismaClient) {
  const avatars = await Promise.all(seedCharacters.map(storeSeedPortrait));
  const bannerImages = await Promise.all(
    seedBanners.map(async (banner, index) =>
      publicUrl("banners", await putObject("banners", `banners/${banner.key}.webp`, await renderBannerImage(banner.gradient, index + 3))),
    ),
  );
  const categoryIds = new Map(seedCategories.map((category) => [category.name, category.id]));
  // Newest first is the catalogue order; stagger creation times so categories interleave.
  const ordered = interleaveByCategory(seedCharacters);
  const start = Date.now() - ordered.length * 60_000;
  const seededAt = new Date();

  // A few hundred rows: on a busy machine they can take longer than Prisma's default 5 seconds.
  await db.$transaction(
    async (tx) => {
      await tx.category.createMany({ data: seedCategories });
      await tx.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('character_category', 'id'), (SELECT max(id) FROM character_category))`);
      await tx.modelType.createMany({ data: seedModelTypes });
      await tx.chatModel.createMany({
        // Equal timestamps mark a model no admin has edited yet (see publishStarterModelsWithKeys).
        data: seedChatModels.map((model) => ({
          ...model,
          settings: modelSettingsSchema.parse(model.settings),
          isPublished: isPlatformConfigured(model.aiPlatform),
          createdAt: seededAt,
          updatedAt: seededAt,
        })),
      });
      await tx.tokenPackage.createMany({ data: seedTokenPackages });
      await tx.characterDetailDefinition.createMany({
        data: seedCharacterDetails.map((detail, seq) => ({
          name: detail.name,
          description: detail.description,
          details: detailOptionsSchema.parse(detail.options),
          seq,
        })),
      });
      await tx.character.createMany({
        data: ordered.map((character, index) => ({
          name: character.name,
          description: character.description,
          avatarUrl: avatars[seedCharacters.indexOf(character)],
          categoryId: categoryIds.get(character.category)!,
          welcomeMessage: character.welcomeMessage,
          ...characterDocumentColumns(characterDocumentSchema.parse({ isPublished: true, details: { ...character.details, tags: character.tags } })),
          systemInstruction: character.systemInstruction,
          messageInstruction: character.messageInstruction,
          imagePrompt: character.imagePrompt,
          promptGuide: promptGuideSchema.parse(character.promptGuide),
          createdAt: new Date(start + index * 60_000),
        })),
      });
      await tx.plan.createMany({
        data: seedPlans.map(({ key: _key, price, ...plan }) => ({ ...plan, priceCents: Math.round(price * 100) })),
      });
      await tx.banner.createMany({
        data: seedBanners.map((banner, index) => ({
          title: banner.title,
          description: banner.description,
          ctaTitle: banner.ctaTitle,
          ctaUrl: banner.ctaUrl,
          imageUrl: bannerImages[index],
          displayCategories: banner.displayCategories,
          isPublished: true,
          startAt: new Date(Date.UTC(2026, 0, 1 + index)),
        })),
      });
    },
    { timeout: 60_000 },
  );
}

/**
 * Starter models of real platforms are published once their platform's key is configured,
 * at any later start too. A model an admin has edited since seeding is left to the admin.
 */
export async function publishStarterModelsWithKeys(db: PrismaClient) {
  const ready = seedChatModels.filter((model) => isPlatformConfigured(model.aiPlatform)).map((model) => model.chatModel);
  if (ready.length === 0) return 0;
  return db.$executeRaw`
    UPDATE chat_models SET is_published = true
    WHERE chat_model = ANY(${ready}) AND NOT is_published AND updated_at = created_at`;
}

function interleaveByCategory(characters: SeedCharacter[]) {
  const groups = new Map<string, SeedCharacter[]>();
  for (const character of characters) groups.set(character.category, [...(groups.get(character.category) ?? []), character]);
  const longest = Math.max(...[...groups.values()].map((group) => group.length));
  return Array.from({ length: longest }, (_, index) => [...groups.values()].map((group) => group[index]))
    .flat()
    .filter((character): character is SeedCharacter => Boolean(character));
}
