/** What the shop accepts as a product image (browser-safe: the add-product page checks it before uploading). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

export const imageTooLargeMessage = (maxBytes: number) => `The image is too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`;
