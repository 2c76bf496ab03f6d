import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.ts";

/**
 * The shop's help pages (terms, returns, shipping, size guide, FAQs), written by an admin: one row per page
 * that has been written. Both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("help_page")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
}
