import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";

export async function read(db: DB, key: string): Promise<string | undefined> {
  return (await db.selectFrom("shop_setting").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

export async function write(db: DB, key: string, value: string): Promise<void> {
  await db
    .insertInto("shop_setting")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: sql`excluded.value` }))
    .execute();
}

/**
 * Writes the value only while the key still holds `seen` (an absent row counts as ""), in one statement:
 * of two saves made from the same page, the second finds the value moved on. Whether it wrote.
 */
export async function writeIfStill(db: DB, key: string, seen: string, value: string): Promise<boolean> {
  if (seen === "") {
    const result = await db
      .insertInto("shop_setting")
      .values({ key, value })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({ value: sql`excluded.value` }).where("shop_setting.value", "=", ""),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable("shop_setting")
    .set({ value })
    .where("key", "=", key)
    .where("value", "=", seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
