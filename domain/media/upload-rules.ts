/** What the shop accepts as a product image (browser-safe: the add-product page checks it before uploading). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

/** The largest image upload, in bytes, unless MAX_UPLOAD_BYTES says otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Room for the product's other fields and the multipart framing around its image, on top of the image limit. */
export const UPLOAD_FORM_FIELDS_BYTES = 64 * 1024;

export const imageTooLargeMessage = (maxBytes: number) =>
  `The image is too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`;
