/**
 * Drawn artwork, kept between seeds: the demo's pictures are drawn from SVG by sharp (about a
 * tenth of a second a width), so a shop that seeds a fresh data folder — a first start, a test
 * database, a second instance — copies them from here instead of drawing them again.
 *
 * An entry is keyed by the SHA-256 of the SVG and of how it is processed (the widths and the
 * drawing's version), so a changed drawing is drawn anew and never mistaken for an old one. It
 * holds the WebP file of each width and, written last, a small JSON file with the size: an entry
 * without it is incomplete and ignored. Files are written under a temporary name and renamed, so
 * that two seeds at once never read half a file.
 *
 * The folder is .cache/art in the working directory (the project's folder under `npm start`; not
 * the data folder: it outlives data folders). Deleting it costs one slower seed.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS, type ImageWidth } from "../domain/media/index.ts";

/** Moves on when the WebP settings of storeImage change, so that the cache is drawn again. */
const PROCESSING = `webp-q78-${IMAGE_WIDTHS.join("-")}-v1`;

export type CachedArt = { width: number; height: number; files: Map<ImageWidth, Buffer> };

export function artCacheDir(): string {
  return path.resolve(".cache", "art");
}

export function artKey(svg: Buffer): string {
  return createHash("sha256").update(PROCESSING).update("\0").update(svg).digest("hex");
}

export async function readCachedArt(dir: string, key: string): Promise<CachedArt | undefined> {
  try {
    const size = JSON.parse(await readFile(path.join(dir, `${key}.json`), "utf8")) as { width: number; height: number };
    const files = new Map<ImageWidth, Buffer>();
    for (const width of IMAGE_WIDTHS) files.set(width, await readFile(path.join(dir, `${key}-${width}.webp`)));
    return { width: size.width, height: size.height, files };
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Keeps drawn artwork; a cache that cannot be written (a read-only checkout) only costs the next seed time. */
export async function writeCachedArt(dir: string, key: string, art: CachedArt): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    for (const [width, data] of art.files) await writeAtomically(path.join(dir, `${key}-${width}.webp`), data);
    await writeAtomically(path.join(dir, `${key}.json`), JSON.stringify({ width: art.width, height: art.height }));
  } catch {
    // nothing kept: the next seed draws again
  }
}
