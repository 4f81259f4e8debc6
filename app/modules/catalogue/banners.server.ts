import { prisma } from "~/modules/db/db.server";
import { cachedCatalogueRead } from "./cache.server";
import type { BannerData } from "~/lib/catalogue";

/** Published banners whose start date has come, newest start first (spec: start_at descending). */
export function listPublishedBanners(): Promise<BannerData[]> {
  return cachedCatalogueRead("banners", () => readPublishedBanners(new Date()));
}

async function readPublishedBanners(now: Date): Promise<BannerData[]> {
  const banners = await prisma().banner.findMany({
    where: { isPublished: true, startAt: { lte: now } },
    orderBy: [{ startAt: "desc" }, { createdAt: "desc" }],
  });
  return banners.map((banner) => ({
    id: banner.id,
    title: banner.title,
    description: banner.description,
    ctaTitle: banner.ctaTitle,
    ctaUrl: banner.ctaUrl,
    imageUrl: banner.imageUrl,
    displayCategories: banner.displayCategories,
  }));
}
