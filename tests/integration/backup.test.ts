/**
 * `npm run backup` while the shop takes orders, and `npm run restore` into a fresh place: every
 * order the shop acknowledged before the backup began is there. A damaged archive and a target
 * that already holds a shop are refused. On SQLite, or PostgreSQL under TEST_DATABASE_URL.
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, pendingMigrations } from "../../db/connection.ts";
import { writeCatalogue } from "../../seed/index.ts";
import { readTar, TarWriter } from "../../server/ops/tar.ts";
import { type BuiltShop, ensureBuilt, runScript, SHOP_ADMIN, signIn, startBuiltShop } from "../support/built-shop.ts";
import { createEmptyTarget, type EmptyTarget } from "../support/database.ts";
import { orderForm, pngImage, productForm, VALID_PRODUCT_FIELDS } from "../support/fixtures.ts";

// real processes on a machine that may be busy: generous limits (they take seconds when it is not)
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const folder = mkdtempSync(path.join(os.tmpdir(), "vitrine-backups-"));
const archive = path.join(folder, "shop.tar.gz");
const targets: EmptyTarget[] = [];
let source: EmptyTarget;
let shop: BuiltShop;
let productId: string;
let imagePath: string;
let customers: string[];

const emptyTarget = async () => {
  const target = await createEmptyTarget();
  targets.push(target);
  return target;
};

beforeAll(async () => {
  await ensureBuilt();
  source = await emptyTarget();
  shop = await startBuiltShop(source.env);
  // a shop without the demo catalogue: its categories are all it needs
  const handle = openDatabase({ dataDir: source.dataDir, databaseUrl: source.databaseUrl });
  await writeCatalogue(handle.db, [], []).finally(() => handle.close());
  const admin = await signIn(shop, SHOP_ADMIN.email, SHOP_ADMIN.password);
  const created = await fetch(`${shop.url}/api/products`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin}` },
    body: productForm({ ...VALID_PRODUCT_FIELDS, stock: "1000000" }, { data: await pngImage(), type: "image/png" }),
  });
  const body = await created.json();
  expect(created.status, JSON.stringify(body)).toBe(201);
  productId = body.insertedId;
  imagePath = body.product.image;
  customers = await Promise.all(
    [1, 2, 3].map((n) => signIn(shop, `buyer${n}@backup.test`, "buyer-password-1", `Buyer ${n}`)),
  );
});

afterAll(async () => {
  await shop?.stop();
  for (const target of targets) await target.drop();
  rmSync(folder, { recursive: true, force: true });
});

/** The ids of the orders in a restored database. */
async function orderIdsIn(target: EmptyTarget): Promise<Set<string>> {
  const handle = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    expect(await pendingMigrations(handle.db)).toEqual([]);
    const rows = await handle.db.selectFrom("shop_order").select("id").execute();
    return new Set(rows.map((r) => r.id));
  } finally {
    await handle.close();
  }
}

describe("backup and restore", () => {
  it("backs up while orders are being placed; the restore has every order acknowledged before the backup began", async () => {
    const acknowledged: { id: string; at: number }[] = [];
    let placing = true;
    const writers = customers.map(async (token) => {
      while (placing) {
        const res = await fetch(`${shop.url}/api/orders`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(orderForm(productId)),
        });
        const body = await res.json();
        if (res.status === 201) acknowledged.push({ id: body.insertedId, at: Date.now() });
        else throw new Error(`order refused: ${res.status} ${JSON.stringify(body)}`);
      }
    });
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 20));

    const began = Date.now();
    // what was acknowledged before the backup began: every order in the list now (one acknowledged within this
    // very millisecond has the same time as `began`, so the times alone cannot tell)
    const before = [...acknowledged];
    const backup = await runScript("backup.ts", [archive], { ...source.env, PUBLIC_URL: shop.url });
    const ended = Date.now();
    placing = false;
    await Promise.all(writers);
    expect(backup.output).toMatch(/backup written to .*shop\.tar\.gz: the database and 2 media file\(s\)/);
    expect(backup.code, backup.output).toBe(0);
    // the shop went on taking orders while the backup ran
    expect(acknowledged.filter((o) => o.at > began && o.at < ended).length).toBeGreaterThan(0);

    const restored = await emptyTarget();
    const restore = await runScript("restore.ts", [archive], restored.env);
    expect(restore.code, restore.output).toBe(0);
    const ids = await orderIdsIn(restored);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.filter((o) => !ids.has(o.id))).toEqual([]);

    const key = imagePath.slice("/media/".length);
    const image = readFileSync(path.join(restored.dataDir, "media", key));
    expect(image.equals(Buffer.from(await (await fetch(`${shop.url}${imagePath}`)).arrayBuffer()))).toBe(true);
  });

  it("refuses a damaged archive before touching the target", async () => {
    const target = await emptyTarget();

    const flipped = path.join(folder, "flipped.tar.gz");
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(flipped, bytes);
    const broken = await runScript("restore.ts", [flipped], target.env);
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/damaged/);

    // a well-formed archive whose database snapshot no longer matches its manifest's checksum
    const tampered = path.join(folder, "tampered.tar.gz");
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(tampered));
    const tar = new TarWriter(gzip);
    for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.content) chunks.push(chunk);
      const content = Buffer.concat(chunks);
      if (entry.path.startsWith("database/")) content[content.length - 1] ^= 0x01;
      await tar.add(entry.path, content.length, content);
    }
    await tar.finish();
    gzip.end();
    await written;
    const mismatch = await runScript("restore.ts", [tampered], target.env);
    expect(mismatch.code).toBe(1);
    expect(mismatch.output).toMatch(/Checksum mismatch for database\/shop\.(sqlite|pgdump): the archive is damaged/);
    const check = await runScript("restore.ts", ["--check", tampered], {});
    expect(check.code).toBe(1);

    // nothing was written
    expect(await orderIdsIn(target).catch(() => new Set())).toEqual(new Set());
  });

  it("refuses to restore onto a shop that has data unless --force", async () => {
    const refused = await runScript("restore.ts", [archive], source.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/The target is not empty .* --force/);

    const target = await emptyTarget();
    expect((await runScript("restore.ts", [archive], target.env)).code).toBe(0);
    const count = (await orderIdsIn(target)).size;
    const again = await runScript("restore.ts", [archive], target.env);
    expect(again.code).toBe(1);
    const forced = await runScript("restore.ts", [archive, "--force"], target.env);
    expect(forced.code, forced.output).toBe(0);
    expect((await orderIdsIn(target)).size).toBe(count);
  });
});
