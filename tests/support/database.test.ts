// The migrations run on whichever engine this run is on (SQLite by default, PostgreSQL when
// scripts/test.ts sets TEST_DATABASE_URL), and each test database is really removed afterwards.
import { existsSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../db/connection.ts";
import { migrations } from "../../db/migrations/index.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "./database.ts";

describe(`test database on ${testEngine()}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("is on the engine this run asked for", () => {
    expect(t.handle.engine).toBe(testEngine());
  });

  it("has every migration applied, and migrating again changes nothing", async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.handle.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await migrateToLatest(t.handle.db);
    const again = await sql<{ name: string }>`select name from kysely_migration`.execute(t.handle.db);
    expect(again.rows).toHaveLength(Object.keys(migrations).length);
  });

  it("creates the shop's and Better Auth's tables", async () => {
    const tables = (await t.handle.db.introspection.getTables()).map((table) => table.name);
    for (const name of [
      "user",
      "session",
      "account",
      "verification",
      "rateLimit",
      "category",
      "product",
      "shop_order",
      "order_line",
    ]) {
      expect(tables).toContain(name);
    }
  });

  it("stores and reads back a row", async () => {
    await t.handle.db
      .insertInto("category")
      .values({ id: "c-test", slug: "test-category", name: "Test", department: "men", position: 1 })
      .execute();
    const row = await t.handle.db
      .selectFrom("category")
      .selectAll()
      .where("id", "=", "c-test")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slug: "test-category", position: 1 });
  });
});

describe("drop()", () => {
  it("removes the database", async () => {
    const t = await createTestDatabase();
    if (testEngine() === "sqlite") {
      const row = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
        t.handle.db,
      );
      const file = row.rows[0].file;
      expect(existsSync(file)).toBe(true);
      await t.drop();
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}-wal`)).toBe(false);
    } else {
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db)).rows[0].name;
      await t.drop();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const left = await admin.query("select 1 from pg_database where datname = $1", [name]);
        expect(left.rowCount).toBe(0);
      } finally {
        await admin.end();
      }
    }
  });
});
