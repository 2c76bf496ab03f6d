import { mkdir, readFile, rm, writeFile, rename } from "node:fs/promises";
import path from "node:path";

/** Where processed images live. A disk driver today; an object-storage driver can replace it. */
export interface MediaStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

export function isSafeMediaKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

export class DiskMediaStore implements MediaStore {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private file(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // write then rename, so a reader never sees half a file
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
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
}
