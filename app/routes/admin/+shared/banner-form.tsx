import { EditorForm } from "~/components/admin/editor-form";
import { CheckboxField, FieldNote, FileField, FormField } from "~/components/ui/form";
import { BANNER_CATEGORIES, BANNER_CATEGORY_LABELS, BANNER_LIMITS } from "~/lib/admin-catalogue";
import { thumbnailUrl } from "~/lib/catalogue";
import { valuesShown, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";

/** The banner form's values: a saved banner's, or what was sent when it was refused. */
export type BannerValues = {
  title: string;
  description: string;
  ctaTitle: string;
  ctaUrl: string;
  displayCategories: string[];
  startAt: string;
  isPublished: boolean;
};

export const blankBanner = (today: string): BannerValues => ({
  title: "",
  description: "",
  ctaTitle: "",
  ctaUrl: "",
  displayCategories: ["all"],
  startAt: today,
  isPublished: false,
});

/**
 * Add Banner / Edit Banner (spec: image upload, Title ≤ 35, Description ≤ 50, CTA Title ≤ 20,
 * CTA URL, Display Categories, Start Date, Published).
 */
export function BannerForm({
  intent,
  values,
  imageUrl,
  failure,
}: {
  intent: "create" | "update";
  values: BannerValues;
  imageUrl?: string;
  failure?: FormFailure;
}) {
  const t = useT();
  const shown = valuesShown(failure, values);
  const fields = failure?.fields ?? {};
  return (
    <EditorForm
      intent={intent}
      failure={failure}
      multipart
      backTo="/admin/banners"
      submit={intent === "create" ? t("catalogue.banners.add") : t("catalogue.form.saveChanges")}
    >
      <FileField
        label={t("catalogue.banners.form.image")}
        name="image"
        accept="image/*"
        required={intent === "create"}
        error={fields.image}
        hint={imageUrl ? t("catalogue.banners.form.replaceHint") : t("catalogue.banners.form.imageHint")}
      >
        {imageUrl ? (
          <img
            src={thumbnailUrl(imageUrl, 1024) ?? imageUrl}
            alt={t("catalogue.banners.form.current")}
            className="aspect-[3/1] max-h-40 w-full rounded-xl object-cover"
          />
        ) : null}
      </FileField>
      <FormField
        label={t("catalogue.form.title")}
        name="title"
        defaultValue={shown.title}
        required
        maxLength={BANNER_LIMITS.title}
        error={fields.title}
        hint={t("catalogue.form.upTo", { count: BANNER_LIMITS.title })}
      />
      <FormField
        label={t("catalogue.form.description")}
        name="description"
        defaultValue={shown.description}
        maxLength={BANNER_LIMITS.description}
        error={fields.description}
        hint={t("catalogue.form.upTo", { count: BANNER_LIMITS.description })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t("catalogue.banners.form.ctaTitle")}
          name="ctaTitle"
          defaultValue={shown.ctaTitle}
          maxLength={BANNER_LIMITS.ctaTitle}
          error={fields.ctaTitle}
          hint={t("catalogue.form.upTo", { count: BANNER_LIMITS.ctaTitle })}
        />
        <FormField
          label={t("catalogue.banners.form.ctaUrl")}
          name="ctaUrl"
          defaultValue={shown.ctaUrl}
          maxLength={BANNER_LIMITS.ctaUrl}
          placeholder={t("catalogue.banners.form.ctaUrlPlaceholder")}
          error={fields.ctaUrl}
          hint={t("catalogue.banners.form.ctaUrlHint")}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t("catalogue.banners.form.categories")}</legend>
        <div className="flex flex-wrap gap-2">
          {BANNER_CATEGORIES.map((category) => (
            <label
              key={category}
              className="flex items-center gap-2 rounded-full border border-line bg-raised px-3 py-1.5 text-sm capitalize has-checked:border-accent"
            >
              <input
                type="checkbox"
                name="displayCategories"
                value={category}
                defaultChecked={shown.displayCategories.includes(category)}
                className="size-4 accent-accent"
              />
              {t(BANNER_CATEGORY_LABELS[category])}
            </label>
          ))}
        </div>
        <FieldNote error={fields.displayCategories} />
      </fieldset>
      <div className="grid grid-cols-2 items-end gap-3">
        <FormField label={t("catalogue.banners.form.startDate")} name="startAt" type="date" defaultValue={shown.startAt} error={fields.startAt} />
        <CheckboxField name="isPublished" checked={shown.isPublished} className="h-11">
          {t("catalogue.form.published")}
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
