import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.ts";

/**
 * Options and variants (each with its SKU, price, stock and image), carts, and order lines that name
 * the variant they sold. Every existing product gets one default variant, in stock, so that it stays
 * on sale after the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  // the product's options and their values in display order, as JSON: [{ name, values: [...] }]
  await db.schema
    .alterTable("product")
    .addColumn("options_json", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("product_variant")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    // the chosen value per option, as JSON: { "Size": "M" }; {} for a product's only variant
    .addColumn("options_json", "text", (c) => c.notNull().defaultTo("{}"))
    // null: the product's price
    .addColumn("price_cents", "integer", (c) => c.check(sql`price_cents >= 0`))
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn("image_key", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("product_variant_product_idx")
    .on("product_variant")
    .columns(["product_id", "position"])
    .execute();

  const now = new Date().toISOString();
  await sql`
    insert into product_variant (id, product_id, sku, title, options_json, price_cents, stock, position, created_at, updated_at)
    select 'v-' || id, id, 'SKU-' || upper(id), 'Default', '{}', null, 100, 0, ${now}, ${now} from product
  `.execute(db);

  await db.schema
    .createTable("cart")
    .addColumn("id", "text", (c) => c.primaryKey())
    // null for a visitor's cart (found through a signed cookie); one cart per account
    .addColumn("user_id", "text", (c) => c.unique().references("user.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cart_updated_idx").on("cart").column("updated_at").execute();

  await db.schema
    .createTable("cart_item")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("variant_id", "text", (c) => c.notNull().references("product_variant.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0 and quantity <= 99`))
    .addColumn("added_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("cart_item_cart_variant_unique", ["cart_id", "variant_id"])
    .execute();
  await db.schema.createIndex("cart_item_variant_idx").on("cart_item").column("variant_id").execute();

  await db.schema
    .alterTable("order_line")
    .addColumn("variant_id", "text", (c) => c.references("product_variant.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("order_line").addColumn("variant_title", "text").execute();
  await db.schema.alterTable("order_line").addColumn("sku", "text").execute();
  await db.schema.alterTable("order_line").addColumn("line_total_cents", "bigint").execute();
  await sql`update order_line set line_total_cents = unit_price_cents * quantity`.execute(db);
  await db.schema.createIndex("order_line_variant_idx").on("order_line").column("variant_id").execute();
}
