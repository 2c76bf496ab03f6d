/**
 * The product forms' categories: one checkbox per category, drawn as toggle chips (the checkbox
 * itself is visually hidden but keeps keyboard focus and the form value `Categories`).
 */
export function CategoryPicker({
  categories,
  checked,
  error,
}: {
  categories: { slug: string; name: string }[];
  /** the slugs ticked when the form is drawn */
  checked: ReadonlySet<string>;
  error?: string;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="label">Categories</legend>
      <div className="flex flex-wrap gap-2" aria-describedby={error ? "categories-error" : undefined}>
        {categories.map((c) => (
          <label
            key={c.slug}
            className="flex items-center gap-2 rounded-full border border-ink-300 px-3 py-1.5 text-sm has-[:checked]:border-ink-900 has-[:checked]:bg-ink-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
          >
            <input
              type="checkbox"
              name="Categories"
              value={c.slug}
              defaultChecked={checked.has(c.slug)}
              className="sr-only"
            />
            {c.name}
          </label>
        ))}
      </div>
      {error && (
        <p id="categories-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
