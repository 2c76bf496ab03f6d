/**
 * Images on S3-compatible object storage: uploads and seeded artwork go to the bucket, the shop
 * serves them at /media/*, S3_PUBLIC_URL puts image URLs on a CDN's address, and a bucket that is
 * missing or refuses access stops the start with a sentence.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root.tsx";
import { migrateToLatest, openDatabase } from "../../db/connection.ts";
import { demoProducts } from "../../seed/catalogue-data.ts";
import { drawDemoArtwork, writeCatalogue } from "../../seed/index.ts";
import { loadConfig, StartupError } from "../../server/config.ts";
import { createBackup, restoreBackup } from "../../server/ops/backup.ts";
import { createEmptyTarget, createTestDatabase } from "../support/database.ts";
import { createProduct } from "../support/fixtures.ts";
import { type LocalS3, startLocalS3 } from "../support/s3.ts";
import { createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let s3: LocalS3;
let shop: TestShop;
beforeAll(async () => {
  s3 = await startLocalS3();
  // no demo catalogue (its artwork would be drawn into the new bucket): the categories are enough
  shop = await createTestShop({ seed: false, env: s3.env });
  await writeCatalogue(shop.db, [], []);
});
afterAll(async () => {
  await shop?.close();
  await s3?.stop();
});

const keyOf = (url: string) => url.replace(/^.*?\/media\//, "");

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await (object.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray());
}

async function bucketKeys(): Promise<string[]> {
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((o) => o.Key ?? "");
}

describe("media on S3-compatible storage", () => {
  it("stores an uploaded product's images in the bucket and serves them at /media/*", async () => {
    const admin = await shop.admin();
    const { product } = await createProduct(admin);
    expect(product.image).toMatch(/^\/media\/products\/[0-9a-f-]+-480\.webp$/);
    for (const width of ["480", "1200"]) {
      const key = keyOf(product.images[width]);
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      expect(head.ContentType).toBe("image/webp");
      expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
      // kept in the bucket only, not in the data folder
      expect(existsSync(path.join(shop.services.config.dataDir, "media", key))).toBe(false);

      const served = await shop.anonymous.request(product.images[width]);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
      expect(bytes.equals(await objectBytes(key))).toBe(true);
    }
  });

  it("draws the seeded artwork into the bucket", async () => {
    await drawDemoArtwork(shop.services.media, demoProducts.slice(0, 1));
    const keys = await bucketKeys();
    expect(keys.filter((k) => /^products\/demo-.+-(480|1200)\.webp$/.test(k))).toHaveLength(2);
    expect(keys.filter((k) => k.startsWith("blog/demo-")).length).toBeGreaterThanOrEqual(2);
  });

  it("replaces and deletes objects; /media/* follows", async () => {
    const media = shop.services.media;
    const key = "tests/replaced-480.webp";
    await media.put(key, Buffer.from("first"));
    await media.put(key, Buffer.from("second"));
    expect((await media.get(key))?.toString()).toBe("second");
    expect(await (await shop.anonymous.request(`/media/${key}`)).text()).toBe("second");
    const listed: string[] = [];
    for await (const k of media.list()) listed.push(k);
    expect(listed).toContain(key);

    await media.delete(key);
    expect(await media.get(key)).toBeNull();
    expect((await shop.anonymous.request(`/media/${key}`)).status).toBe(404);
    expect(await bucketKeys()).not.toContain(key);
    // deleting what is not there is no error, and an unsafe key never reaches the bucket
    await media.delete(key);
    expect(await media.get("../secrets.json")).toBeNull();
    await expect(media.put("../escape.webp", Buffer.from("x"))).rejects.toThrow(/unsafe/);
  });

  it("keeps a deleted product's images for the orders that show them", async () => {
    const admin = await shop.admin();
    const { id, product } = await createProduct(admin);
    expect((await admin.request(`/api/products/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await shop.anonymous.request(product.image)).status).toBe(200);
  });
});

describe("S3_PUBLIC_URL", () => {
  let cdnShop: TestShop;
  const base = "https://cdn.example.com/shop-media";
  beforeAll(async () => {
    cdnShop = await createTestShop({ seed: false, env: { ...s3.env, S3_PUBLIC_URL: `${base}/` } });
    await writeCatalogue(cdnShop.db, [], []);
  });
  afterAll(() => cdnShop?.close());

  it("puts the API's image URLs on that base; the shop still serves /media/* from the bucket", async () => {
    const admin = await cdnShop.admin();
    const { id, product } = await createProduct(admin);
    expect(product.image).toMatch(new RegExp(`^${base}/products/[0-9a-f-]+-480\\.webp$`));
    expect(product.images["1200"]).toBe(product.image.replace("-480.webp", "-1200.webp"));
    const listed = await (await cdnShop.anonymous.request(`/api/products/${id}`)).json();
    expect(listed.image).toBe(product.image);

    const served = await cdnShop.anonymous.request(`/media/${product.image.slice(base.length + 1)}`);
    expect(served.status).toBe(200);
  });

  it("hands the base to the pages and lets the pages' images load from it", async () => {
    const request = new Request(`${TEST_ORIGIN}/`);
    const data = await rootLoader({ request, params: {}, context: await pageContext(cdnShop, request) } as never);
    expect((data as unknown as { data: { mediaBase: string } }).data.mediaBase).toBe(base);
    const res = await cdnShop.anonymous.request("/api/products");
    expect(res.headers.get("content-security-policy")).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
  });
});

describe("backups of a shop whose images are in a bucket", () => {
  it("carry the bucket's images; a restore puts them into the target's bucket", async () => {
    const [source, target] = [await createEmptyTarget(), await createEmptyTarget()];
    const other = await startLocalS3("restored-media");
    try {
      const config = loadConfig({ ...source.env, ...s3.env, NODE_ENV: "test" });
      const database = openDatabase({ dataDir: source.dataDir, databaseUrl: source.databaseUrl });
      await migrateToLatest(database.db).finally(() => database.close());
      await shop.services.media.put("tests/backed-up-480.webp", Buffer.from("in the bucket"));

      const file = path.join(source.dataDir, "backup.tar.gz");
      const manifest = await createBackup(config, file);
      expect(manifest.files).toHaveProperty(["media/tests/backed-up-480.webp"]);

      const restoredConfig = loadConfig({ ...target.env, ...other.env, NODE_ENV: "test" });
      await restoreBackup(restoredConfig, file);
      const restored = await other.client.send(
        new GetObjectCommand({ Bucket: other.bucket, Key: "tests/backed-up-480.webp" }),
      );
      expect(await restored.Body?.transformToString()).toBe("in the bucket");
      // the target now holds a shop: a second restore is refused
      await expect(restoreBackup(restoredConfig, file)).rejects.toThrow(/not empty/);
    } finally {
      await other.stop();
      await source.drop();
      await target.drop();
    }
  });
});

describe("a bucket the shop cannot use", () => {
  const attempt = async (env: Record<string, string>) => {
    const database = await createTestDatabase();
    try {
      await createTestShop({ seed: false, env: { ...s3.env, ...env }, database });
    } catch (e) {
      return e as Error;
    } finally {
      await database.drop();
    }
    throw new Error(`the shop started with ${JSON.stringify(env)}`);
  };

  it("stops the start with a sentence when the bucket is missing or refuses access", async () => {
    const missing = await attempt({ S3_BUCKET: "no-such-bucket" });
    expect(missing).toBeInstanceOf(StartupError);
    expect(missing.message).toMatch(/The S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist/);

    const refused = await attempt({ S3_ACCESS_KEY_ID: "NOBODY" });
    expect(refused).toBeInstanceOf(StartupError);
    expect(refused.message).toMatch(/refused access: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});
