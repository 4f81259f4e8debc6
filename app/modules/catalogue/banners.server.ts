import type { Banner } from "~/generated/prisma/client";
import { todayIsoDay } from "~/lib/admin-catalogue";
import { bannerMatchesCategory, type BannerData } from "~/lib/catalogue";
import { prisma } from "~/modules/db/db.server";
import { cachedCatalogueRead } from "./cache.server";
import { listCategories } from "./categories.server";

/** Published banners whose start date has come, newest start first (spec: start_at descending). */
export function listPublishedBanners(): Promise<BannerData[]> {
  return cachedCatalogueRead("banners", () => readPublishedBanners(new Date()));
}

/**
 * The home carousel: published banners whose start date has come, for the chosen category tab
 * (a banner for "all" shows on every tab; with no tab chosen, every banner shows).
 */
export async function listHomeBanners(categoryId: number | null): Promise<BannerData[]> {
  const [banners, categories] = await Promise.all([listPublishedBanners(), categoryId ? listCategories() : []]);
  const categoryName = categories.find((category) => category.id === categoryId)?.name ?? null;
  return banners.filter((banner) => bannerMatchesCategory(banner, categoryName));
}

async function readPublishedBanners(now: Date): Promise<BannerData[]> {
  // start_at is a day (UTC): a banner starting today shows from the first moment of today.
  const today = new Date(`${todayIsoDay(now)}T00:00:00Z`);
  const banners = await prisma().banner.findMany({
    where: { isPublished: true, startAt: { lte: today } },
    orderBy: [{ startAt: "desc" }, { createdAt: "desc" }],
  });
  return banners.map(toBannerData);
}

/** A banner as the carousel shows it. */
export function toBannerData(banner: Banner): BannerData {
  return {
    id: banner.id,
    title: banner.title,
    description: banner.description,
    ctaTitle: banner.ctaTitle,
    ctaUrl: banner.ctaUrl,
    imageUrl: banner.imageUrl,
    displayCategories: banner.displayCategories,
  };
}
