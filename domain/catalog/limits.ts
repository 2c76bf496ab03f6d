/** Browser-safe limits of a product's editing (the edit page's form uses them; schemas.ts enforces them). */

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const MAX_IMAGES = 12;
export const MAX_ALT_LENGTH = 200;
