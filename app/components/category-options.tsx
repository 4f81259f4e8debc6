import { useT } from "~/lib/i18n/react";

/** A category select's options: first the empty "Choose a category", then each category by name (its id as the value). */
export function CategoryOptions({ categories }: { categories: readonly { id: number; name: string }[] }) {
  const t = useT();
  return (
    <>
      <option value="">{t("common.categories.choose")}</option>
      {categories.map((category) => (
        <option key={category.id} value={String(category.id)}>
          {category.name}
        </option>
      ))}
    </>
  );
}
