import { Field } from "./Field.tsx";
import { fieldId } from "./FormErrors.tsx";

/** The fields' labels by name, in the form's order (for an ErrorSummary's links). */
export const SHIPPING_LABELS = {
  full_name: "Full name",
  address: "Address",
  city: "City",
  state: "State",
  zip: "Zip",
  phone: "Phone",
  checkbox: "Confirmation",
} as const;

/**
 * The order form's shipping and billing fields and its confirmation checkbox (the spec's names), as
 * Buy Now and the cart's checkout both show them: `values` and `errors` are a refused post's.
 */
export function ShippingFields({
  values,
  errors,
  defaultName,
}: {
  values?: Record<string, string>;
  errors: Record<string, string>;
  defaultName: string;
}) {
  const v = values;
  const f = errors;
  return (
    <>
      <Field
        className="sm:col-span-2"
        label={SHIPPING_LABELS.full_name}
        name="full_name"
        autoComplete="name"
        required
        defaultValue={v?.full_name ?? defaultName}
        error={f.full_name}
      />
      <Field
        className="sm:col-span-2"
        label={SHIPPING_LABELS.address}
        name="address"
        autoComplete="street-address"
        required
        defaultValue={v?.address}
        error={f.address}
      />
      <Field
        label={SHIPPING_LABELS.city}
        name="city"
        autoComplete="address-level2"
        required
        defaultValue={v?.city}
        error={f.city}
      />
      <Field
        label={SHIPPING_LABELS.state}
        name="state"
        autoComplete="address-level1"
        required
        defaultValue={v?.state}
        error={f.state}
      />
      <Field
        label={SHIPPING_LABELS.zip}
        name="zip"
        autoComplete="postal-code"
        required
        defaultValue={v?.zip}
        error={f.zip}
      />
      <Field
        label={SHIPPING_LABELS.phone}
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        defaultValue={v?.phone}
        error={f.phone}
      />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3 text-sm text-ink-800">
          <input
            type="checkbox"
            id={fieldId("checkbox")}
            name="checkbox"
            required
            className="mt-0.5 h-5 w-5 accent-accent-700"
            aria-invalid={f.checkbox ? true : undefined}
            aria-describedby={f.checkbox ? "checkbox-error" : undefined}
          />
          <span>I confirm that the shipping and billing details are correct and I agree to pay for this order.</span>
        </label>
        {f.checkbox && (
          <p id="checkbox-error" className="field-error">
            {f.checkbox}
          </p>
        )}
      </div>
    </>
  );
}
