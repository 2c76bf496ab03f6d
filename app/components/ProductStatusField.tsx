import type { ProductStatus } from "../../domain/catalog/index.ts";

const LABELS: Record<ProductStatus, string> = {
  published: "Published (in the shop)",
  draft: "Draft (hidden from customers)",
};

/** Whether a product is in the shop or a draft only admins see: the add and edit pages' radio group. */
export function ProductStatusField({ checked, error }: { checked: string; error?: string }) {
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? "status-error" : undefined}>
      <legend className="label">Status</legend>
      <div className="flex flex-wrap gap-4">
        {(Object.keys(LABELS) as ProductStatus[]).map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm">
            <input type="radio" name="status" value={s} defaultChecked={checked === s} />
            {LABELS[s]}
          </label>
        ))}
      </div>
      {error && (
        <p id="status-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
