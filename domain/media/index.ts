/** Product and content images: processing uploads, storing them, and their public URLs. The module's only door. */
import type { S3Options } from "./s3-store.ts";
import type { MediaStore } from "./store.ts";

export { imageTool, readImageUpload, removeImage, type StoredImage, storeImage } from "./images.ts";
export type { S3Options } from "./s3-store.ts";
export {
  DiskMediaStore,
  isSafeMediaKey,
  MEDIA_CACHE_CONTROL,
  type MediaStore,
  mediaContentType,
} from "./store.ts";
export {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_MAX_UPLOAD_BYTES,
  imageTooLargeMessage,
  UPLOAD_FORM_FIELDS_BYTES,
} from "./upload-rules.ts";
export { IMAGE_WIDTHS, type ImageUrls, type ImageWidth, imageFileKey, imageUrls, MEDIA_PATH } from "./urls.ts";

/** A store on an S3-compatible bucket (the AWS SDK loads only for shops that use one). */
export async function openS3MediaStore(options: S3Options): Promise<MediaStore> {
  const { S3MediaStore } = await import("./s3-store.ts");
  return new S3MediaStore(options);
}
