import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.ts";

/**
 * The first schema. Better Auth's tables (user, session, account, verification, rateLimit) are
 * written out here rather than created by Better Auth at run time, so that one versioned set of
 * migrations owns the whole database; a test checks that Better Auth finds nothing missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  // ── accounts (Better Auth, with the admin and bearer plugins) ──
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", t.bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("banned", t.bool)
    .addColumn("banReason", "text")
    .addColumn("banExpires", t.timestamp)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", t.timestamp)
    .addColumn("refreshTokenExpiresAt", t.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", "bigint", (c) => c.notNull())
    .execute();

  // ── catalogue ──
  await db.schema
    .createTable("category")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("department", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("product")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("title_search", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("desc1", "text", (c) => c.notNull())
    .addColumn("desc2", "text")
    .addColumn("desc3", "text")
    .addColumn("desc4", "text")
    .addColumn("image_key", "text", (c) => c.notNull())
    .addColumn("image_width", "integer", (c) => c.notNull())
    .addColumn("image_height", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_position_idx").on("product").columns(["position", "id"]).execute();

  await db.schema
    .createTable("product_category")
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("category_id", "text", (c) => c.notNull().references("category.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_category_pk", ["product_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("product_category_category_idx")
    .on("product_category")
    .columns(["category_id", "product_id"])
    .execute();

  // ── orders: an order has lines; each line keeps a copy of what was bought at what price ──
  await db.schema
    .createTable("shop_order")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_number", "bigint", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("user_email", "text", (c) => c.notNull())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("acknowledged", t.bool, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('Pending', 'Shipped', 'Cancelled')`))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("request_key", "text")
    .addColumn("placed_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("shop_order_request_key_unique", ["user_email", "request_key"])
    .execute();
  await db.schema.createIndex("shop_order_email_idx").on("shop_order").columns(["user_email", "placed_at"]).execute();
  await db.schema.createIndex("shop_order_status_idx").on("shop_order").columns(["status", "placed_at"]).execute();
  await db.schema.createIndex("shop_order_placed_idx").on("shop_order").column("placed_at").execute();

  await db.schema
    .createTable("order_line")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.references("product.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("image_key", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("order_line_order_idx").on("order_line").column("order_id").execute();
  await db.schema.createIndex("order_line_product_idx").on("order_line").column("product_id").execute();

  // ── wishlist: one entry per user and product ──
  await db.schema
    .createTable("wishlist_item")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.references("product.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("image_key", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("wishlist_item_user_product_unique", ["user_id", "product_id"])
    .execute();
  await db.schema.createIndex("wishlist_item_product_idx").on("wishlist_item").column("product_id").execute();

  await db.schema
    .createTable("review")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("rating", t.real, (c) => c.notNull().check(sql`rating >= 0 and rating <= 5`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("review_created_idx").on("review").column("created_at").execute();

  // ── content ──
  await db.schema
    .createTable("blog_article")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("published_on", "text", (c) => c.notNull())
    .addColumn("image_key", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("tags", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("store_location")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("hours", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("testimonial")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("contact_message")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}
