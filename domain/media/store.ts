import { randomUUID } from "node:crypto";
import { access, constants, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where processed images live: the data folder (DiskMediaStore) or an S3-compatible bucket
 * (S3MediaStore). Keys are random and never reused, or stable names whose bytes are always the same
 * (the seed's artwork, the import's placeholder): an object, once written, never changes.
 */
export interface MediaStore {
  /** a start-up check: the store is there and usable; throws with a sentence for the operator otherwise */
  check(): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** every stored key (for backups) */
  list(): AsyncIterable<string>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

export function isSafeMediaKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

/** The Content-Type a stored object is served with. */
export function mediaContentType(key: string): string {
  return key.endsWith(".webp") ? "image/webp" : "application/octet-stream";
}

/** Cache headers for a stored object: keys are never reused, so an image never changes. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export class DiskMediaStore implements MediaStore {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private file(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(this.root, key);
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
    } catch (e) {
      throw new Error(`The media folder ${this.root} cannot be written: ${(e as Error).message}`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // write then rename, so a reader never sees half a file; a temporary name of its own per write, so that
    // two writes of one key at once (the same bytes: a seed's or an import's stable name) do not collide
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isSafeMediaKey(key)) return null;
    try {
      return await readFile(this.file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      throw e;
    }
    // half-written files (`….tmp`) and folders are not keys
    for (const entry of entries.sort()) {
      const key = entry.split(path.sep).join("/");
      if (isSafeMediaKey(key)) yield key;
    }
  }
}
