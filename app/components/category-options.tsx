/** A category select's options: first the empty "Choose a category", then each category by name (its id as the value). */
export function CategoryOptions({ categories }: { categories: readonly { id: number; name: string }[] }) {
  return (
    <>
      <option value="">Choose a category</option>
      {categories.map((category) => (
        <option key={category.id} value={String(category.id)}>
          {category.name}
        </option>
      ))}
    </>
  );
}
