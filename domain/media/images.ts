import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { DomainError } from "../errors.ts";
import type { MediaStore } from "./store.ts";
import { IMAGE_WIDTHS } from "./urls.ts";

export { IMAGE_WIDTHS, imageSrcSet, imageUrl } from "./urls.ts";

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);
const MAX_PIXELS = 40_000_000;

export type StoredImage = { key: string; width: number; height: number };

/**
 * Decodes an upload (refusing anything that is not really an image), strips its metadata and
 * stores it as WebP at each width. `trusted` lets the seed hand in SVG it drew itself, under a
 * stable `name` of its choosing.
 */
export async function storeImage(
  store: MediaStore,
  input: Buffer,
  options: { folder: string; trusted?: boolean; name?: string },
): Promise<StoredImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new DomainError("unsupported_media_type", "The file is not an image we can read.", { image: "Upload a JPEG, PNG, WebP, GIF or AVIF image." });
  }
  const formatOk = meta.format && (ACCEPTED_FORMATS.has(meta.format) || (options.trusted && meta.format === "svg"));
  if (!formatOk || !meta.width || !meta.height) {
    throw new DomainError("unsupported_media_type", "The file is not an image we can read.", { image: "Upload a JPEG, PNG, WebP, GIF or AVIF image." });
  }
  const key = `${options.folder}/${options.name ?? randomUUID()}`;
  let width = 0;
  let height = 0;
  try {
    for (const target of IMAGE_WIDTHS) {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: target, withoutEnlargement: false })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      if (target === IMAGE_WIDTHS[0]) {
        width = info.width;
        height = info.height;
      }
      await store.put(`${key}-${target}.webp`, data);
    }
  } catch (e) {
    await removeImage(store, key);
    if (e instanceof DomainError) throw e;
    throw new DomainError("unprocessable", "The image could not be processed.", { image: "The image is damaged or in an unsupported format." });
  }
  return { key, width, height };
}

export async function removeImage(store: MediaStore, key: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((w) => store.delete(`${key}-${w}.webp`)));
}
