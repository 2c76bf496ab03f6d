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
