/**
 * Start-up work that several instances share: migrations (also `npm run migrate` on its own), the
 * first admin and the demo seed run under one lock per database, so instances starting at the same
 * moment take turns. Readiness (/readyz) follows the database and the process's life.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateToLatest, openDatabase, pendingMigrations } from "../../db/connection.ts";
import { migrations } from "../../db/migrations/index.ts";
import { withStartUpLock } from "../../db/start-up-lock.ts";
import { demoProducts } from "../../seed/catalogue-data.ts";
import { runScript } from "../support/built-shop.ts";
import { createEmptyTarget, createTestDatabase, type EmptyTarget, type TestDatabase } from "../support/database.ts";
import { ADMIN, createTestShop, type TestShop } from "../support/shop.ts";

const targets: EmptyTarget[] = [];
afterAll(async () => {
  for (const t of targets) await t.drop();
});
const emptyTarget = async () => {
  const target = await createEmptyTarget();
  targets.push(target);
  return target;
};
const open = (t: EmptyTarget) => openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });

async function tables(handle: DatabaseHandle): Promise<string[]> {
  const all = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
  return all.map((t) => t.name).sort();
}

describe("migrations", () => {
  let reference: TestDatabase;
  beforeAll(async () => {
    reference = await createTestDatabase();
  });
  afterAll(() => reference.drop());

  it("two connections migrating one fresh database at once both succeed, and the schema is whole", async () => {
    const target = await emptyTarget();
    const [a, b] = [open(target), open(target)];
    try {
      await Promise.all([a, b].map((h) => withStartUpLock(h, () => migrateToLatest(h.db))));
      expect(await pendingMigrations(a.db)).toEqual([]);
      expect(await tables(a)).toEqual(await tables(reference.handle));
      const applied = await a.db
        .selectFrom("kysely_migration" as never)
        .selectAll()
        .execute();
      expect(applied).toHaveLength(Object.keys(migrations).length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("`npm run migrate` brings a database up to date on its own, and again does nothing", async () => {
    const target = await emptyTarget();
    const first = await runScript("migrate.ts", [], target.env);
    expect(first.output).toMatch(/the schema is current \(it lacked 0001_initial/);
    expect(first.code).toBe(0);
    const second = await runScript("migrate.ts", [], target.env);
    expect(second.output).toMatch(/the schema is current\s*$/);
    expect(second.code).toBe(0);
    const handle = open(target);
    try {
      expect(await pendingMigrations(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe("two shops starting at once on one empty database", () => {
  it("migrate, make the first admin and seed the demo catalogue once", async () => {
    const target = await emptyTarget();
    const handles = [open(target), open(target)];
    const shops: TestShop[] = [];
    try {
      shops.push(
        ...(await Promise.all(
          handles.map((handle) =>
            createTestShop({ database: { handle, reopen: () => open(target), drop: () => handle.close() } }),
          ),
        )),
      );
      const db = shops[0].db;
      expect(await db.selectFrom("product").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).toEqual({
        n: demoProducts.length,
      });
      const admins = await db.selectFrom("user").select("id").where("email", "=", ADMIN.email).execute();
      expect(admins).toHaveLength(1);
      for (const shop of shops) expect((await shop.anonymous.request("/readyz")).status).toBe(200);
    } finally {
      for (const shop of shops) await shop.close();
      await Promise.all(handles.map((h) => h.close().catch(() => {})));
    }
  });
});

describe("readiness", () => {
  let shop: TestShop;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    shop = await createTestShop({ seed: false, database });
  });
  afterAll(async () => {
    await shop.close();
    await database.drop();
  });

  it("/healthz answers while the process runs; /readyz only when the schema is current and the process is not stopping", async () => {
    expect(await (await shop.anonymous.request("/healthz")).json()).toEqual({ status: "ok" });
    expect((await shop.anonymous.request("/readyz")).status).toBe(200);

    const last = Object.keys(migrations).at(-1) as string;
    await shop.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", last as never)
      .execute();
    const behind = await shop.anonymous.request("/readyz");
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({ status: "unavailable", reason: `migrations not applied: ${last}` });
    await shop.db
      .insertInto("kysely_migration" as never)
      .values({ name: last, timestamp: new Date().toISOString() } as never)
      .execute();
    expect((await shop.anonymous.request("/readyz")).status).toBe(200);

    shop.services.lifecycle.draining = true;
    const draining = await shop.anonymous.request("/readyz");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
    expect((await shop.anonymous.request("/healthz")).status).toBe(200);
    shop.services.lifecycle.draining = false;

    await database.handle.close();
    const gone = await shop.anonymous.request("/readyz");
    expect(gone.status).toBe(503);
    expect(await gone.json()).toEqual({ status: "unavailable", reason: "the database cannot be reached" });
  });
});
