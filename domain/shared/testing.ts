/**
 * Helpers for the unit tests beside the domain code: a migrated in-memory SQLite database, users,
 * products, and a context for any actor. Nothing here talks HTTP or starts the server.
 */
import { Kysely, SqliteDialect } from "kysely";
import type { z } from "zod";
import { type DB, migrateToLatest } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { openSqlite } from "../../db/sqlite-adapter.ts";
import * as catalog from "../catalog/index.ts";
import type { MediaStore } from "../media/index.ts";
import { type Actor, anonymous, type Role, type SignedInUser } from "./actor.ts";
import type { DomainContext, ShopSettings } from "./context.ts";
import { DomainError, type FieldErrors } from "./errors.ts";
import { newId } from "./ids.ts";
import { fieldErrorsOf } from "./validation.ts";

/** For tests that never touch images: any use of it is a mistake in the test. */
export const noMedia: MediaStore = {
  put: () => Promise.reject(new Error("this test must not store images")),
  get: () => Promise.reject(new Error("this test must not read images")),
  delete: () => Promise.reject(new Error("this test must not delete images")),
  check: () => Promise.resolve(),
  list: () => {
    throw new Error("this test must not list images");
  },
};

export const testShopSettings: ShopSettings = {
  name: "Test shop",
  publicUrl: "http://shop.test",
  rateLimits: true,
  currency: "USD",
  email: "shop@shop.test",
  mediaBaseUrl: "/media",
  ownerEmail: null,
};

/** A fresh database in memory, migrated like the real one. */
export async function memoryDatabase(): Promise<DB> {
  const { database } = openSqlite(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrateToLatest(db);
  return db;
}

export type TestShop = {
  db: DB;
  /** A context in which `actor` asks (anonymous when left out). */
  as: (actor?: Actor, extra?: Partial<DomainContext>) => DomainContext;
  /** Creates an account (a row in `user`, as Better Auth would) and answers its signed-in user. */
  user: (email: string, role?: Role, name?: string) => Promise<SignedInUser>;
  /** Adds a product in the category "Chairs" (image already "stored" under a made-up key); answers its id. */
  product: (title?: string, priceCents?: number) => Promise<string>;
  close: () => Promise<void>;
};

export async function createTestShop(): Promise<TestShop> {
  const db = await memoryDatabase();
  const categories = await catalog.importCategories({ db }, [
    { slug: "chairs", name: "Chairs", department: "Furniture", position: 0 },
    { slug: "lamps", name: "Lamps", department: "Lighting", position: 1 },
  ]);
  const chairs = categories.get("chairs") ?? "";
  let position = 0;
  return {
    db,
    as: (actor = anonymous, extra = {}) => ({
      db,
      media: noMedia,
      shop: testShopSettings,
      payments: { stripe: null },
      actor,
      clientIp: "203.0.113.7",
      ...extra,
    }),
    async user(email, role = "user", name = email.split("@")[0]) {
      const now = new Date().toISOString();
      const id = newId();
      await db
        .insertInto("user")
        .values({ id, name, email, emailVerified: true, image: null, createdAt: now, updatedAt: now, role })
        .execute();
      return { id, email, name, image: null, role, emailVerified: true };
    },
    product: (title = "Oak chair", priceCents = 12_500) =>
      catalog.importProduct(
        { db },
        {
          title,
          priceCents,
          desc1: "Solid oak",
          desc2: null,
          desc3: null,
          desc4: null,
          imageKey: "products/test",
          imageWidth: 480,
          imageHeight: 480,
          position: position++,
          categoryIds: [chairs],
          options: [],
          variants: [
            {
              id: newId(),
              sku: `SKU-${title.replace(/[^A-Za-z0-9]/g, "").toUpperCase()}-${position}`,
              title: "Default",
              options: {},
              priceCents: null,
              stock: 100,
              imageKey: null,
              position: 0,
            },
          ],
        },
      ),
    close: () => db.destroy(),
  };
}

/** "ok", or the code of the DomainError `work` fails with (any other failure is thrown on). */
export async function outcome(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return "ok";
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

/** The first message per field of a failed parse, or {} when `input` passes. */
export function errorsOf(schema: z.ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}
