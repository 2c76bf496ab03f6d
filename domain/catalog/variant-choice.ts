/**
 * Choosing a variant by its options, the same way on the server (the URL of a product page) and in
 * the browser (the option pickers). Browser-safe: no imports.
 */
export type ChoosableVariant = { id: string; options: Record<string, string>; stock: number };
export type ChoosableOption = { name: string; values: string[] };

const matches = (variant: ChoosableVariant, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) => variant.options[name] === value);

/**
 * The variant for a (possibly partial) choice: the one matching every chosen value; with values
 * missing, the first in stock that matches what was chosen; otherwise the first variant.
 */
export function chooseVariant<V extends ChoosableVariant>(
  variants: V[],
  options: ChoosableOption[],
  wanted: Record<string, string | null | undefined>,
): V | undefined {
  const chosen: Record<string, string> = {};
  for (const option of options) {
    const value = wanted[option.name];
    if (value && option.values.includes(value)) chosen[option.name] = value;
  }
  const candidates = variants.filter((v) => matches(v, chosen));
  return candidates.find((v) => v.stock > 0) ?? candidates[0] ?? variants.find((v) => v.stock > 0) ?? variants[0];
}

/** Whether picking `value` for `option`, keeping the other choices, leads to a variant in stock. */
export function isValueAvailable(
  variants: ChoosableVariant[],
  current: Record<string, string>,
  option: string,
  value: string,
): boolean {
  return variants.some((v) => v.stock > 0 && matches(v, { ...current, [option]: value }));
}
