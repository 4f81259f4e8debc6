import { EditorForm } from "~/components/admin/editor-form";
import { CheckboxField, FieldNote, FileField, FormField } from "~/components/ui/form";
import { BANNER_CATEGORIES, BANNER_LIMITS } from "~/lib/admin-catalogue";
import { thumbnailUrl } from "~/lib/catalogue";
import { valuesShown, type FormFailure } from "~/lib/forms";

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
  const shown = valuesShown(failure, values);
  const fields = failure?.fields ?? {};
  return (
    <EditorForm intent={intent} failure={failure} multipart backTo="/admin/banners" submit={intent === "create" ? "Add Banner" : "Save Changes"}>
      <FileField
        label="Banner image"
        name="image"
        accept="image/*"
        required={intent === "create"}
        error={fields.image}
        hint={`${imageUrl ? "Choose a new image to replace this one. " : ""}PNG, JPEG, WebP, GIF or AVIF up to 5 MB; wide pictures (3:1) look best.`}
      >
        {imageUrl ? (
          <img src={thumbnailUrl(imageUrl, 1024) ?? imageUrl} alt="Current banner" className="aspect-[3/1] max-h-40 w-full rounded-xl object-cover" />
        ) : null}
      </FileField>
      <FormField
        label="Title"
        name="title"
        defaultValue={shown.title}
        required
        maxLength={BANNER_LIMITS.title}
        error={fields.title}
        hint={`Up to ${BANNER_LIMITS.title} characters`}
      />
      <FormField
        label="Description"
        name="description"
        defaultValue={shown.description}
        maxLength={BANNER_LIMITS.description}
        error={fields.description}
        hint={`Up to ${BANNER_LIMITS.description} characters`}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="CTA Title"
          name="ctaTitle"
          defaultValue={shown.ctaTitle}
          maxLength={BANNER_LIMITS.ctaTitle}
          error={fields.ctaTitle}
          hint={`Up to ${BANNER_LIMITS.ctaTitle} characters`}
        />
        <FormField
          label="CTA URL"
          name="ctaUrl"
          defaultValue={shown.ctaUrl}
          maxLength={BANNER_LIMITS.ctaUrl}
          placeholder="/explore or https://…"
          error={fields.ctaUrl}
          hint="https://… or a path on this site"
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Display Categories</legend>
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
              {category}
            </label>
          ))}
        </div>
        <FieldNote error={fields.displayCategories} />
      </fieldset>
      <div className="grid grid-cols-2 items-end gap-3">
        <FormField label="Start Date" name="startAt" type="date" defaultValue={shown.startAt} error={fields.startAt} />
        <CheckboxField name="isPublished" checked={shown.isPublished} className="h-11">
          Published
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
