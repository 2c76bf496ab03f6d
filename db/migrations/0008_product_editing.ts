import { type Kysely, sql } from "kysely";
import { columnTypes, engineOf } from "../dialect.ts";

/**
 * Product editing: a product is a draft (hidden from the storefront and the public API) or
 * published, and has several images in order, each with its alt text. Every existing product is
 * published and gets its one image as the first of its gallery. `product.image_key` (and its
 * size) stays, kept equal to the first image by the catalogue's repository, so that cards, carts
 * and orders read one column as before. Any change to a product's images moves the catalogue's
 * version on (as 0006_search does for the other catalogue tables), so cached answers follow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("product")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published").check(sql`status in ('draft', 'published')`))
    .execute();
  await db.schema.createIndex("product_status_idx").on("product").columns(["status", "position"]).execute();

  await db.schema
    .createTable("product_image")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("product_image_product_idx")
    .on("product_image")
    .columns(["product_id", "position"])
    .execute();

  const now = new Date().toISOString();
  await sql`
    insert into product_image (id, product_id, key, width, height, alt, position, created_at)
    select 'img-' || id, id, image_key, image_width, image_height, '', 0, ${now} from product
  `.execute(db);

  if (engineOf(db) === "postgres") {
    // vitrine_catalogue_changed() comes from 0006_search
    await sql`create trigger product_image_catalogue_changed after insert or update or delete on product_image
      for each statement execute function vitrine_catalogue_changed()`.execute(db);
  } else {
    const bump = sql.raw("update catalogue_version set version = version + 1 where id = 1;");
    await sql`create trigger product_image_added after insert on product_image begin ${bump} end`.execute(db);
    await sql`create trigger product_image_changed after update on product_image begin ${bump} end`.execute(db);
    await sql`create trigger product_image_removed after delete on product_image begin ${bump} end`.execute(db);
  }
}
