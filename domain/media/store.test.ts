import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskMediaStore } from "./store.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "vitrine-media-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the disk media store", () => {
  it("takes many writes of one key at once (a stable name two imports store together): the last wins, none fails", async () => {
    const store = new DiskMediaStore(root);
    const bytes = Buffer.from("the same picture");
    const writes = await Promise.allSettled(
      Array.from({ length: 40 }, () => store.put("products/shared_480.webp", bytes)),
    );
    expect(writes.filter((w) => w.status === "rejected")).toEqual([]);
    expect(await store.get("products/shared_480.webp")).toEqual(bytes);
    // no temporary file is left behind, and the key is listed once
    expect(await readdir(path.join(root, "products"))).toEqual(["shared_480.webp"]);
    const keys: string[] = [];
    for await (const key of store.list()) keys.push(key);
    expect(keys).toEqual(["products/shared_480.webp"]);
  });
});
