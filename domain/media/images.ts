import { randomUUID } from "node:crypto";
import type { Sharp, SharpOptions } from "sharp";
import { DomainError } from "../shared/errors.ts";
import type { MediaStore } from "./store.ts";
import { ACCEPTED_IMAGE_TYPES, imageTooLargeMessage } from "./upload-rules.ts";
import { IMAGE_WIDTHS, imageFileKey } from "./urls.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);
const MAX_PIXELS = 40_000_000;

export type StoredImage = { key: string; width: number; height: number };

let sharpModule: Promise<typeof import("sharp")> | undefined;
/**
 * sharp, loaded on first use: the shop starts without it (its native library and modules cost a
 * tenth of a second), and a shop that serves only stored images never loads it. Its cache of
 * decoded images and open files is off: each upload is processed once, so it only held memory.
 */
export async function imageTool(): Promise<(input?: Buffer, options?: SharpOptions) => Sharp> {
  sharpModule ??= import("sharp").then((loaded) => {
    const sharp = loaded.default;
    sharp.cache(false);
    return loaded;
  });
  return (await sharpModule).default;
}

/**
 * The upload rule for product images, shared by the API and the add-product page: image types
 * only, at most `maxBytes`. Answers the bytes (nothing when no file was chosen).
 */
export async function readImageUpload(file: File | undefined, maxBytes: number): Promise<Buffer | undefined> {
  if (!file || file.size === 0) return undefined;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    throw new DomainError("unsupported_media_type", "The image must be a JPEG, PNG, WebP, GIF or AVIF file.", {
      image: "Choose an image file (JPEG, PNG, WebP, GIF or AVIF).",
    });
  }
  if (file.size > maxBytes)
    throw new DomainError("payload_too_large", "The image is too large.", { image: imageTooLargeMessage(maxBytes) });
  return Buffer.from(await file.arrayBuffer());
}

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
  const sharp = await imageTool();
  let meta: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new DomainError("unsupported_media_type", "The file is not an image we can read.", {
      image: "Upload a JPEG, PNG, WebP, GIF or AVIF image.",
    });
  }
  const formatOk = meta.format && (ACCEPTED_FORMATS.has(meta.format) || (options.trusted && meta.format === "svg"));
  if (!formatOk || !meta.width || !meta.height) {
    throw new DomainError("unsupported_media_type", "The file is not an image we can read.", {
      image: "Upload a JPEG, PNG, WebP, GIF or AVIF image.",
    });
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
      await store.put(imageFileKey(key, target), data);
    }
  } catch (e) {
    // a random key is this call's alone; a stable name may be in use by what stored it before
    if (!options.name) await removeImage(store, key);
    if (e instanceof DomainError) throw e;
    throw new DomainError("unprocessable", "The image could not be processed.", {
      image: "The image is damaged or in an unsupported format.",
    });
  }
  return { key, width, height };
}

export async function removeImage(store: MediaStore, key: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((w) => store.delete(imageFileKey(key, w))));
}
