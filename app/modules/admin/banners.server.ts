import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { Banner } from "~/generated/prisma/client";
import { bannerFormSchema, bannerTexts, type BannerInput } from "~/lib/admin-catalogue";
import { fieldErrors } from "~/lib/forms";
import { IMAGE_MAX_PIXELS, imageTooLargeText } from "~/lib/limits";
import { toBannerData } from "~/modules/catalogue/banners.server";
import { catalogueChanged } from "~/modules/catalogue/cache.server";
import { isUuid } from "~/modules/db/sql.server";
import { prisma } from "~/modules/db/db.server";
import { AppError, NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { hasTooManyPixels } from "~/modules/storage/images.server";
import { putObject, publicUrl, randomFileName, removeObject } from "~/modules/storage/storage.server";
import { auditedWrite, type AuditActor } from "~/modules/audit/audit.server";

export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A banner form: its picture and a few short texts. */
export const BANNER_FORM_MAX_BYTES = BANNER_IMAGE_MAX_BYTES + 64 * 1024;
/** What the banner editor says about a form over that size: only its picture can make it so. */
export const BANNER_TOO_LARGE = "Failed to upload image: Choose an image up to 5 MB";
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
const PUBLIC_PREFIX = "/storage/banners/";

/** All banners, newest first (spec: admin reads all banners by created_at descending). */
export async function listBannersForAdmin() {
  const banners = await prisma().banner.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return banners.map(toView);
}

function toView(banner: Banner) {
  return {
    ...toBannerData(banner),
    isPublished: banner.isPublished,
    startAt: banner.startAt.toISOString().slice(0, 10),
  };
}

async function findBanner(bannerId: string) {
  const banner = isUuid(bannerId) ? await prisma().banner.findUnique({ where: { id: bannerId } }) : null;
  if (!banner) throw new NotFoundError();
  return banner;
}

export async function getBanner(bannerId: string) {
  return toView(await findBanner(bannerId));
}

/** The banner form as sent, but for the picture. */
export function bannerFormValues(form: FormData) {
  return {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    ctaTitle: String(form.get("ctaTitle") ?? ""),
    ctaUrl: String(form.get("ctaUrl") ?? ""),
    displayCategories: form.getAll("displayCategories").map(String),
    startAt: String(form.get("startAt") ?? ""),
    isPublished: form.get("isPublished") === "on",
  };
}

/**
 * The banner form, validated, with its picture re-encoded (null when none was chosen). A new
 * banner needs a title and a picture ('Title and image are required'); an edit may keep its
 * picture. A refusal carries the field errors and what was sent, so the form shows it again.
 */
export async function readBannerForm(form: FormData, { imageRequired }: { imageRequired: boolean }): Promise<{ banner: BannerInput; image: Buffer | null }> {
  const values = bannerFormValues(form);
  const file = form.get("image");
  const chosen = file instanceof File && file.size > 0 ? file : null;
  const parsed = bannerFormSchema.safeParse(values);
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  if (imageRequired && !chosen) fields.image = bannerTexts.required;
  const image = chosen && !fields.image ? await bannerImage(chosen) : null;
  if (image && "rejected" in image) fields.image = image.rejected;
  if (parsed.success && !fields.image) return { banner: parsed.data, image: image as Buffer | null };
  const required = fields.title === bannerTexts.required || fields.image === bannerTexts.required;
  const message = required
    ? bannerTexts.required
    : fields.image
      ? `${bannerTexts.uploadFailed}: ${fields.image}`
      : (Object.values(fields)[0] ?? bannerTexts.required);
  throw new AppError("invalid-input", 400, message, { details: { fields, values } });
}

/**
 * The picture as stored: the bytes must be an image whatever the file is called (images only,
 * checked by content); it is re-encoded, which also drops metadata such as GPS tags.
 */
async function bannerImage(file: File): Promise<Buffer | { rejected: string }> {
  if (file.size > BANNER_IMAGE_MAX_BYTES) return { rejected: "Choose an image up to 5 MB" };
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) return { rejected: bannerTexts.imageOnly };
  if (await hasTooManyPixels(bytes)) return { rejected: imageTooLargeText };
  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: 1920, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return { rejected: bannerTexts.imageOnly };
  }
}

/** Stores a prepared picture at banners/{random}.webp in the banners bucket (spec) and answers its public URL. */
async function storeBannerImage(image: Buffer) {
  return publicUrl("banners", await putObject("banners", `banners/${randomFileName("banner.webp")}`, image, "image/webp"));
}

/** Removes a stored banner picture; a picture from elsewhere (a full URL) is left alone. */
async function removeBannerImage(imageUrl: string) {
  if (!imageUrl.startsWith(PUBLIC_PREFIX)) return;
  const objectPath = imageUrl.slice(PUBLIC_PREFIX.length).split("?")[0]!.split("/").map(decodeURIComponent).join("/");
  await removeObject("banners", objectPath).catch((error: unknown) => logger.warn({ err: error, imageUrl }, "could not remove a banner image"));
}

const summaryOf = (banner: { title: string; isPublished: boolean; displayCategories: string[]; startAt: Date | string; ctaUrl: string }) => ({
  title: banner.title,
  isPublished: banner.isPublished,
  displayCategories: banner.displayCategories,
  startAt: typeof banner.startAt === "string" ? banner.startAt : banner.startAt.toISOString().slice(0, 10),
  ctaUrl: banner.ctaUrl,
});

const rowData = (input: BannerInput) => ({ ...input, startAt: new Date(`${input.startAt}T00:00:00Z`) });

/** Stores the picture, then writes; a write that fails takes its new picture away again. */
async function withNewImage<T>(image: Buffer, write: (imageUrl: string) => Promise<T>) {
  const imageUrl = await storeBannerImage(image);
  try {
    return await write(imageUrl);
  } catch (error) {
    await removeBannerImage(imageUrl);
    throw error;
  }
}

export async function createBanner(actor: AuditActor, input: BannerInput, image: Buffer) {
  const banner = await withNewImage(image, (imageUrl) =>
    auditedWrite(actor, async (tx) => {
      const created = await tx.banner.create({ data: { ...rowData(input), imageUrl } });
      return {
        result: created,
        audit: { action: "create", entityType: "banner", entityId: created.id, summary: `Added banner ${created.title}`, after: summaryOf(created) },
      };
    }),
  );
  await catalogueChanged();
  return banner;
}

/** Saves a banner; a new picture replaces the old one, which is then removed from storage. */
export async function updateBanner(actor: AuditActor, bannerId: string, input: BannerInput, image: Buffer | null) {
  const before = await findBanner(bannerId);
  const write = (imageUrl: string) =>
    auditedWrite(actor, async (tx) => {
      const updated = await tx.banner.update({ where: { id: bannerId }, data: { ...rowData(input), imageUrl } });
      const audit = {
        action: "update",
        entityType: "banner",
        entityId: bannerId,
        summary: `Updated banner ${updated.title}`,
        before: summaryOf(before),
        after: summaryOf(updated),
      };
      return { result: updated, audit };
    });
  const banner = image ? await withNewImage(image, write) : await write(before.imageUrl);
  if (banner.imageUrl !== before.imageUrl) await removeBannerImage(before.imageUrl);
  await catalogueChanged();
  return banner;
}

/** The Published switch (spec: banners' is_published toggles directly). */
export async function setBannerPublished(actor: AuditActor, bannerId: string, isPublished: boolean) {
  const before = await findBanner(bannerId);
  const banner = await auditedWrite(actor, async (tx) => {
    const updated = await tx.banner.update({ where: { id: bannerId }, data: { isPublished } });
    const action = isPublished ? "publish" : "unpublish";
    return {
      result: updated,
      audit: {
        action,
        entityType: "banner",
        entityId: bannerId,
        summary: `${isPublished ? "Published" : "Unpublished"} banner ${updated.title}`,
        before: { isPublished: before.isPublished },
        after: { isPublished },
      },
    };
  });
  await catalogueChanged();
  return banner;
}

/** Deletes a banner and then its picture (spec: the image is removed from storage). */
export async function deleteBanner(actor: AuditActor, bannerId: string) {
  const before = await findBanner(bannerId);
  await auditedWrite(actor, async (tx) => {
    const { count } = await tx.banner.deleteMany({ where: { id: bannerId } });
    if (count === 0) throw new NotFoundError();
    return {
      result: null,
      audit: { action: "delete", entityType: "banner", entityId: bannerId, summary: `Deleted banner ${before.title}`, before: summaryOf(before) },
    };
  });
  await removeBannerImage(before.imageUrl);
  await catalogueChanged();
}
