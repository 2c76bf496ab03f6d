import { type RawBuilder, sql } from "kysely";
import { type DB, inTransaction } from "../../db/connection.ts";
import { engineOf, idList, toIso } from "../../db/dialect.ts";
import type { ProductStatus, ProductTable, ProductVariantTable } from "../../db/schema.ts";

export type CategoryRow = { id: string; slug: string; name: string; department: string };

/** An option of a product (Size, Colour) and its values in display order. */
export type ProductOption = { name: string; values: string[] };

export type VariantRecord = {
  id: string;
  productId: string;
  sku: string;
  /** "M / Navy", or "Default" for a product without options */
  title: string;
  /** the value chosen for each option: { Size: "M" } */
  options: Record<string, string>;
  /** the variant's own price, or the product's */
  priceCents: number;
  /** whether the variant has its own price (false: it follows the product's) */
  ownPrice: boolean;
  stock: number;
  imageKey: string | null;
  position: number;
};

export type ProductRecord = {
  id: string;
  title: string;
  priceCents: number;
  desc1: string;
  desc2: string | null;
  desc3: string | null;
  desc4: string | null;
  imageKey: string;
  imageWidth: number;
  imageHeight: number;
  position: number;
  createdAt: string;
  categories: { slug: string; name: string }[];
  options: ProductOption[];
  /** whether any variant is in stock */
  available: boolean;
  /** drafts are hidden from everyone but admins */
  status: ProductStatus;
};

/** One image of a product's gallery; the first (position 0) is the product's main image. */
export type ProductImage = { id: string; key: string; width: number; height: number; alt: string; position: number };

export type ProductWithVariants = ProductRecord & { variants: VariantRecord[]; images: ProductImage[] };

const productColumns = [
  "product.id",
  "product.title",
  "product.price_cents",
  "product.desc1",
  "product.desc2",
  "product.desc3",
  "product.desc4",
  "product.image_key",
  "product.image_width",
  "product.image_height",
  "product.position",
  "product.options_json",
  "product.created_at",
  "product.status",
  // whether any variant has stock, kept by the database's triggers (migration 0006): what the in-stock filter reads
  "product.in_stock",
] as const;

export type ProductRow = Pick<
  ProductTable,
  | "id"
  | "title"
  | "price_cents"
  | "desc1"
  | "desc2"
  | "desc3"
  | "desc4"
  | "image_key"
  | "image_width"
  | "image_height"
  | "position"
  | "options_json"
  | "created_at"
> & { status: ProductStatus; in_stock: number; categories_json: string };

/**
 * A product's categories in the shop's order, as JSON text (`[{ "slug", "name" }]`), read in the product's
 * own query: a page of products is one round trip to the database, not two.
 */
function categoriesJson(db: DB) {
  const aggregate =
    engineOf(db) === "postgres"
      ? sql`coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name) order by c.position), '[]'::json)::text`
      : sql`json_group_array(json_object('slug', c.slug, 'name', c.name) order by c.position)`;
  return sql<string>`(select ${aggregate} from product_category pc join category c on c.id = pc.category_id
    where pc.product_id = product.id)`.as("categories_json");
}

/** The columns of a product record, its categories included. */
const productSelection = (db: DB) => [...productColumns, categoriesJson(db)] as const;

/**
 * A product's own columns in a query written in SQL (the table named `product`), without its
 * categories: rows for `toProductRecordIn`, for a caller that knows the categories already.
 */
export const productOwnColumns = sql.join(productColumns.map((c) => sql.ref(c)));

const variantColumns = [
  "id",
  "product_id",
  "sku",
  "title",
  "options_json",
  "price_cents",
  "stock",
  "image_key",
  "position",
] as const;
type VariantRow = Pick<ProductVariantTable, (typeof variantColumns)[number]>;

export const toVariant = (r: VariantRow, productPriceCents: number): VariantRecord => ({
  id: r.id,
  productId: r.product_id,
  sku: r.sku,
  title: r.title,
  options: JSON.parse(r.options_json) as Record<string, string>,
  priceCents: r.price_cents ?? productPriceCents,
  ownPrice: r.price_cents !== null,
  stock: Number(r.stock),
  imageKey: r.image_key,
  position: Number(r.position),
});

export async function listCategories(db: DB): Promise<CategoryRow[]> {
  return db.selectFrom("category").select(["id", "slug", "name", "department"]).orderBy("position").execute();
}

export async function findCategories(db: DB, namesOrSlugs: string[]): Promise<CategoryRow[]> {
  const wanted = namesOrSlugs.map((s) => s.toLowerCase());
  const all = await listCategories(db);
  return all.filter((c) => wanted.includes(c.slug) || wanted.includes(c.name.toLowerCase()));
}

/** Products by id, in the order given (ids that name none are left out). */
export async function findProductsByIds(db: DB, ids: string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(idList(db, ids))
    .innerJoin("product", "product.id", "id_list.value")
    .select(productSelection(db))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toProductRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findProduct(db: DB, id: string): Promise<ProductWithVariants | undefined> {
  const row = await db
    .selectFrom("product")
    .select(productSelection(db))
    .where("product.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const product = toProductRecord(row);
  const [variants, images] = await Promise.all([variantsOf(db, product.id, product.priceCents), imagesOf(db, id)]);
  return { ...product, variants, images };
}

export async function imagesOf(db: DB, productId: string): Promise<ProductImage[]> {
  const rows = await db
    .selectFrom("product_image")
    .select(["id", "key", "width", "height", "alt", "position"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, width: Number(r.width), height: Number(r.height), position: Number(r.position) }));
}

export async function variantsOf(db: DB, productId: string, productPriceCents: number): Promise<VariantRecord[]> {
  const rows = await db
    .selectFrom("product_variant")
    .select(variantColumns)
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => toVariant(r, productPriceCents));
}

/** A variant with what a cart line or an order line needs of its product. */
export type VariantForSale = VariantRecord & {
  productTitle: string;
  productImageKey: string;
  productStatus: ProductStatus;
};

export async function findVariants(db: DB, ids: string[]): Promise<VariantForSale[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("product_variant")
    .innerJoin("product", "product.id", "product_variant.product_id")
    .select([
      "product_variant.id",
      "product_variant.product_id",
      "product_variant.sku",
      "product_variant.title",
      "product_variant.options_json",
      "product_variant.price_cents",
      "product_variant.stock",
      "product_variant.image_key",
      "product_variant.position",
      "product.title as product_title",
      "product.image_key as product_image_key",
      "product.price_cents as product_price_cents",
      "product.status as product_status",
    ])
    .where("product_variant.id", "in", ids)
    .execute();
  return rows.map((r) => ({
    ...toVariant(r, r.product_price_cents),
    productTitle: r.product_title,
    productImageKey: r.product_image_key,
    productStatus: r.product_status,
  }));
}

export function toProductRecord(r: ProductRow): ProductRecord {
  return toProductRecordIn(r, JSON.parse(r.categories_json) as ProductRecord["categories"]);
}

/** A product's row as a record, with its categories (in the shop's order) from elsewhere. */
export function toProductRecordIn(
  r: Omit<ProductRow, "categories_json">,
  categories: ProductRecord["categories"],
): ProductRecord {
  return {
    id: r.id,
    title: r.title,
    priceCents: r.price_cents,
    desc1: r.desc1,
    desc2: r.desc2,
    desc3: r.desc3,
    desc4: r.desc4,
    imageKey: r.image_key,
    imageWidth: r.image_width,
    imageHeight: r.image_height,
    position: r.position,
    createdAt: toIso(r.created_at),
    categories,
    options: JSON.parse(r.options_json) as ProductOption[],
    available: Number(r.in_stock) === 1,
    status: r.status,
  };
}

/** The published products' ids (drafts are nobody's business but the admins'). */
export async function listProductIds(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("product").select("id").where("status", "=", "published").orderBy("id").execute();
  return rows.map((r) => r.id);
}

export async function nextPosition(db: DB): Promise<number> {
  const row = await db
    .selectFrom("product")
    .select((eb) => eb.fn.max<number | null>("position").as("max"))
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

export type NewVariant = Omit<VariantRecord, "productId" | "priceCents" | "ownPrice"> & {
  /** null: the product's price */
  priceCents: number | null;
};

export type NewProductRow = Omit<ProductRecord, "categories" | "createdAt" | "available" | "status"> & {
  status?: ProductStatus;
  categoryIds: string[];
  variants: NewVariant[];
};

export async function insertProduct(db: DB, product: NewProductRow): Promise<void> {
  await insertProducts(db, [product]);
}

/** Parameters per INSERT statement: well below SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const PARAMETERS_PER_INSERT = 16_000;
/** Rows per statement when PostgreSQL reads them from one JSON parameter (a few MB of text at most). */
const ROWS_PER_JSON_INSERT = 5_000;

/** Inserts `rows` in statements of as many rows as PARAMETERS_PER_INSERT allows. */
async function insertMany<T extends Record<string, unknown>>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += perStatement) await insert(rows.slice(i, i + perStatement));
}

/**
 * Products with their category links and variants, many rows per statement, in one transaction
 * (the caller's when there is one). The search index, stock flag and catalogue version follow
 * through the triggers of migration 0006, as for any other write.
 */
export async function insertProducts(db: DB, products: NewProductRow[]): Promise<void> {
  const rows = productRows(products);
  await inTransaction(db, async (trx) => {
    await insertMany(rows.products, (chunk) => trx.insertInto("product").values(chunk).execute());
    await insertMany(rows.images, (chunk) => trx.insertInto("product_image").values(chunk).execute());
    await insertMany(rows.links, (chunk) => trx.insertInto("product_category").values(chunk).execute());
    await insertMany(rows.variants, (chunk) => trx.insertInto("product_variant").values(chunk).execute());
  });
}

/** The SQLite triggers that index a new product row by row, set aside during a bulk insert. */
const SQLITE_ROW_TRIGGERS = ["product_indexed", "product_category_added", "variant_added"];

/**
 * insertProducts for thousands of products at a time. On SQLite the triggers of migration 0006 run
 * per row, and index each product twice (once as it is inserted, again as each category link
 * arrives): here they are set aside inside the transaction and the rows they would have written —
 * the shuffle key, the stock flag, the search document with its categories, one move of the
 * catalogue version — are written once, in bulk, before the triggers are put back as they were
 * (read from the schema, so they cannot drift). Other connections never see the schema without them.
 * PostgreSQL: see bulkInsertPostgres.
 */
export async function bulkInsertProducts(db: DB, products: NewProductRow[]): Promise<void> {
  const rows = productRows(products);
  const inStock = new Set(rows.variants.filter((v) => v.stock > 0).map((v) => v.product_id));
  const productsIndexed = rows.products.map((row) => ({
    ...row,
    // as the trigger does: 1 + abs(random() % 2147483646)
    shuffle_key: 1 + Math.floor(Math.random() * 2_147_483_646),
    in_stock: inStock.has(row.id) ? 1 : 0,
  }));
  await inTransaction(db, (trx) =>
    engineOf(db) === "postgres"
      ? bulkInsertPostgres(trx, rows, productsIndexed)
      : bulkInsertSqlite(trx, rows, productsIndexed),
  );
}

/**
 * PostgreSQL: the links go in first (their reference to the product deferred, migration 0013,
 * and checked once the products are in), so that each product row is written once, with its search vector and category
 * list made in the same statement from its text and the links' names. The triggers that would
 * write them again — the product's own, the links' and the stock trigger (the in-stock flag is
 * written with the row) — are off for this transaction (ALTER TABLE … DISABLE TRIGGER is
 * transactional; it holds off other writers of these tables until the commit).
 */
async function bulkInsertPostgres(
  trx: DB,
  rows: ReturnType<typeof productRows>,
  productsIndexed: (ReturnType<typeof productRows>["products"][number] & { shuffle_key: number; in_stock: number })[],
): Promise<void> {
  const switches = [
    ["product", "product_indexed"],
    ["product_category", "product_category_added"],
    ["product_variant", "variant_added"],
  ] as const;
  for (const [table, trigger] of switches) {
    await sql`alter table ${sql.table(table)} disable trigger ${sql.id(trigger)}`.execute(trx);
  }
  await sql`set constraints product_category_product_id_fkey deferred`.execute(trx);
  await insertJson(trx, "product_category", rows.links);
  await insertJson(trx, "product", productsIndexed, (chunk) => ({
    columns: ["search_vector", "category_ids"],
    values: sql`vitrine_document_vector(r.title, n.names, concat_ws(' ', r.desc1, r.desc2, r.desc3, r.desc4)),
      vitrine_category_list(n.category_ids)`,
    join: sql`left join (select product_id, names, category_ids from product_category_names
      where product_id = any(${chunk.map((p) => p.id)})) as n on n.product_id = r.id`,
  }));
  await sql`set constraints product_category_product_id_fkey immediate`.execute(trx);
  await insertJson(trx, "product_image", rows.images);
  await insertJson(trx, "product_variant", rows.variants);
  const ids = rows.products.map((p) => p.id);
  await sql`insert into search_term (term)
    select distinct lexeme from product, unnest(search_vector) where id = any(${ids})
    on conflict do nothing`.execute(trx);
  for (const [table, trigger] of switches) {
    await sql`alter table ${sql.table(table)} enable trigger ${sql.id(trigger)}`.execute(trx);
  }
}

/**
 * PostgreSQL: rows sent as one JSON parameter and read as the table's records
 * (`json_populate_recordset`): one plan per statement and no limit on parameters — 30 % faster than
 * thousands of bound values at 421,534 variants. `more` adds columns computed from the record `r`.
 */
async function insertJson<R extends Record<string, unknown>>(
  trx: DB,
  table: "product" | "product_category" | "product_image" | "product_variant",
  rows: R[],
  more?: (chunk: R[]) => { columns: string[]; values: RawBuilder<unknown>; join: RawBuilder<unknown> },
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  for (let i = 0; i < rows.length; i += ROWS_PER_JSON_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_JSON_INSERT);
    const extra = more?.(chunk);
    const values = sql.join([...columns.map((c) => sql.ref(`r.${c}`)), ...(extra ? [extra.values] : [])]);
    await trx
      .insertInto(table)
      .columns([...columns, ...(extra?.columns ?? [])] as never)
      .expression(
        // in the chunk's order, so that numbers the rows take from a sequence (a product's search_doc) follow it
        sql`select ${values} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(chunk)}::json)
          with ordinality as r ${extra?.join ?? sql``} order by r.ordinality`,
      )
      .execute();
  }
}

async function bulkInsertSqlite(
  trx: DB,
  rows: ReturnType<typeof productRows>,
  productsIndexed: (ReturnType<typeof productRows>["products"][number] & { shuffle_key: number; in_stock: number })[],
): Promise<void> {
  const triggers = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name in (${sql.join(SQLITE_ROW_TRIGGERS)})`.execute(
    trx,
  );
  if (triggers.rows.length !== SQLITE_ROW_TRIGGERS.length) throw new Error("the search triggers are missing");
  for (const trigger of triggers.rows) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
  await insertMany(productsIndexed, (chunk) => trx.insertInto("product").values(chunk).execute());
  await insertMany(rows.images, (chunk) => trx.insertInto("product_image").values(chunk).execute());
  await insertMany(rows.links, (chunk) => trx.insertInto("product_category").values(chunk).execute());
  await insertMany(rows.variants, (chunk) => trx.insertInto("product_variant").values(chunk).execute());
  const ids = rows.products.map((p) => p.id);
  for (let i = 0; i < ids.length; i += 10_000) {
    const chunk = ids.slice(i, i + 10_000);
    await sql`insert into search_document (product_id)
      select id from product where id in (${sql.join(chunk)}) order by position, id`.execute(trx);
    // the document the triggers write: title, the category names, the feature lines
    await sql`insert into product_search (rowid, title, categories, body)
      select d.id, p.title,
        coalesce((select group_concat(c.name, ' ') from product_category pc join category c on c.id = pc.category_id
                  where pc.product_id = p.id), ''),
        concat_ws(' ', p.desc1, p.desc2, p.desc3, p.desc4)
      from product p join search_document d on d.product_id = p.id
      where p.id in (${sql.join(chunk)})`.execute(trx);
  }
  await sql`update catalogue_version set version = version + 1 where id = 1`.execute(trx);
  for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(trx);
}

function productRows(products: NewProductRow[]) {
  const now = new Date().toISOString();
  return {
    products: products.map((product) => ({
      id: product.id,
      title: product.title,
      title_search: product.title.toLowerCase(),
      price_cents: product.priceCents,
      desc1: product.desc1,
      desc2: product.desc2,
      desc3: product.desc3,
      desc4: product.desc4,
      image_key: product.imageKey,
      image_width: product.imageWidth,
      image_height: product.imageHeight,
      position: product.position,
      options_json: JSON.stringify(product.options),
      status: product.status ?? "published",
      created_at: now,
      updated_at: now,
    })),
    // the main image is the gallery's first (migration 0008)
    images: products.map((product) => ({
      id: `img-${product.id}`,
      product_id: product.id,
      key: product.imageKey,
      width: product.imageWidth,
      height: product.imageHeight,
      alt: "",
      position: 0,
      created_at: now,
    })),
    links: products.flatMap((product) =>
      product.categoryIds.map((category_id) => ({ product_id: product.id, category_id })),
    ),
    variants: products.flatMap((product) => product.variants.map((v) => variantRow(product.id, v, now))),
  };
}

export async function setVariantPrice(db: DB, id: string, priceCents: number | null): Promise<void> {
  await db
    .updateTable("product_variant")
    .set({ price_cents: priceCents, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function skuExists(db: DB, sku: string): Promise<boolean> {
  return Boolean(await db.selectFrom("product_variant").select("id").where("sku", "=", sku).executeTakeFirst());
}

export async function deleteProduct(db: DB, id: string): Promise<number> {
  const result = await db.deleteFrom("product").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertCategories(db: DB, rows: CategoryRow[], positions: number[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("category")
    .values(rows.map((c, i) => ({ ...c, position: positions[i] ?? i })))
    .execute();
}

/**
 * Empties the catalogue (orders and wishlists keep their copies). PostgreSQL's search numbers start
 * again from 1, as SQLite's do: a process holds arrays as long as the highest number (search-facts.ts).
 */
export async function deleteAll(db: DB): Promise<void> {
  await db.deleteFrom("product_category").execute();
  await db.deleteFrom("product").execute();
  await db.deleteFrom("category").execute();
  if (engineOf(db) === "postgres") {
    await sql`select setval('search_doc_seq', 1, false) where not exists (select 1 from product)`.execute(db);
  }
}

export async function countProducts(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("product")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ── editing (admins) ──

export type ProductChanges = Partial<{
  title: string;
  priceCents: number;
  desc1: string;
  desc2: string | null;
  desc3: string | null;
  desc4: string | null;
  status: ProductStatus;
  options: ProductOption[];
}>;

/**
 * Takes the product's row for the caller's transaction before it reads the product again: a write
 * that changes nothing (PostgreSQL locks the row; SQLite takes its write lock), so that two saves
 * of one product cannot both read it as it was.
 */
export async function lockProductRow(db: DB, id: string): Promise<void> {
  await db.updateTable("product").set({ updated_at: sql`updated_at` }).where("id", "=", id).execute();
}

export async function updateProductRow(db: DB, id: string, changes: ProductChanges): Promise<void> {
  const set: Partial<Record<string, unknown>> = {};
  if (changes.title !== undefined) {
    set.title = changes.title;
    set.title_search = changes.title.toLowerCase();
  }
  if (changes.priceCents !== undefined) set.price_cents = changes.priceCents;
  for (const key of ["desc1", "desc2", "desc3", "desc4", "status"] as const) {
    if (changes[key] !== undefined) set[key] = changes[key];
  }
  if (changes.options !== undefined) set.options_json = JSON.stringify(changes.options);
  await db
    .updateTable("product")
    .set({ ...set, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function setProductCategories(db: DB, productId: string, categoryIds: string[]): Promise<void> {
  await db.deleteFrom("product_category").where("product_id", "=", productId).execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto("product_category")
    .values(categoryIds.map((category_id) => ({ product_id: productId, category_id })))
    .execute();
}

export type VariantFields = { sku: string; title: string; options: Record<string, string>; priceCents: number | null };

export async function updateVariantRow(db: DB, id: string, v: VariantFields & { position: number }): Promise<void> {
  await db
    .updateTable("product_variant")
    .set({
      sku: v.sku,
      title: v.title,
      options_json: JSON.stringify(v.options),
      price_cents: v.priceCents,
      position: v.position,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

/** A new variant as its table stores it. */
function variantRow(productId: string, v: NewVariant, now: string) {
  return {
    id: v.id,
    product_id: productId,
    sku: v.sku,
    title: v.title,
    options_json: JSON.stringify(v.options),
    price_cents: v.priceCents,
    stock: v.stock,
    image_key: v.imageKey,
    position: v.position,
    created_at: now,
    updated_at: now,
  };
}

export async function insertVariants(db: DB, productId: string, variants: NewVariant[]): Promise<void> {
  if (variants.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto("product_variant")
    .values(variants.map((v) => variantRow(productId, v, now)))
    .execute();
}

export async function deleteVariants(db: DB, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("product_variant").where("id", "in", ids).execute();
}

/** Which variant (and product) each of these SKUs names, case-insensitively (SKUs are unique). */
export async function variantsBySku(
  db: DB,
  skus: string[],
): Promise<Map<string, { variantId: string; productId: string; sku: string }>> {
  const out = new Map<string, { variantId: string; productId: string; sku: string }>();
  const wanted = [...new Set(skus.map((s) => s.toUpperCase()))];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom("product_variant")
      .select(["id", "product_id", "sku"])
      .where((eb) => eb.fn("upper", ["sku"]), "in", wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.sku.toUpperCase(), { variantId: r.id, productId: r.product_id, sku: r.sku });
  }
  return out;
}

export async function insertImage(db: DB, productId: string, image: ProductImage): Promise<void> {
  await db
    .insertInto("product_image")
    .values({ ...image, product_id: productId, created_at: new Date().toISOString() })
    .execute();
}

export async function deleteImage(db: DB, productId: string, imageId: string): Promise<number> {
  const result = await db
    .deleteFrom("product_image")
    .where("id", "=", imageId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setImage(db: DB, productId: string, imageId: string, position: number, alt: string) {
  await db
    .updateTable("product_image")
    .set({ position, alt })
    .where("id", "=", imageId)
    .where("product_id", "=", productId)
    .execute();
}

/** Keeps `product.image_key` (and its size) equal to the first image of the gallery. */
export async function syncMainImage(db: DB, productId: string): Promise<void> {
  const [first] = await imagesOf(db, productId);
  if (!first) return;
  await db
    .updateTable("product")
    .set({ image_key: first.key, image_width: first.width, image_height: first.height })
    .where("id", "=", productId)
    .where((eb) =>
      eb.or([
        eb("image_key", "<>", first.key),
        eb("image_width", "<>", first.width),
        eb("image_height", "<>", first.height),
      ]),
    )
    .execute();
}

/** Whether any product still shows this image (an order or wishlist may too: files are kept then). */
export async function imageKeyInUse(db: DB, key: string): Promise<boolean> {
  const [image, product, line, wish] = await Promise.all([
    db.selectFrom("product_image").select("id").where("key", "=", key).executeTakeFirst(),
    db.selectFrom("product").select("id").where("image_key", "=", key).executeTakeFirst(),
    db.selectFrom("order_line").select("id").where("image_key", "=", key).executeTakeFirst(),
    db.selectFrom("wishlist_item").select("id").where("image_key", "=", key).executeTakeFirst(),
  ]);
  return Boolean(image || product || line || wish);
}

export type AdminListFilter = { q?: string; category?: string; status?: ProductStatus };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The admin's product list: title or SKU contains the text, a category, a status; by position. */
export async function adminListIds(
  db: DB,
  filter: AdminListFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  let query = db.selectFrom("product");
  if (filter.status) query = query.where("product.status", "=", filter.status);
  if (filter.category) {
    const slug = filter.category;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_category")
          .innerJoin("category", "category.id", "product_category.category_id")
          .select("product_category.product_id")
          .whereRef("product_category.product_id", "=", "product.id")
          .where("category.slug", "=", slug),
      ),
    );
  }
  if (filter.q) {
    const like = `%${escapeLike(filter.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb("product.title_search", "like", sql<string>`${like} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("product_variant")
            .select("product_variant.id")
            .whereRef("product_variant.product_id", "=", "product.id")
            .where(sql<string>`lower(product_variant.sku)`, "like", sql<string>`${like} escape '\\'`),
        ),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select("product.id")
      .orderBy("product.position")
      .orderBy("product.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

/** Products (with variants and categories) in the shop's order, a batch at a time after `after` (for the CSV export). */
export async function productBatch(db: DB, after: { position: number; id: string } | null, limit: number) {
  let query = db.selectFrom("product").select(productSelection(db));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("product.position", ">", after.position),
        eb.and([eb("product.position", "=", after.position), eb("product.id", ">", after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy("product.position").orderBy("product.id").limit(limit).execute();
  const products = rows.map(toProductRecord);
  const ids = products.map((p) => p.id);
  const variantRows = ids.length
    ? await db
        .selectFrom("product_variant")
        .select(variantColumns)
        .where("product_id", "in", ids)
        .orderBy("position")
        .orderBy("id")
        .execute()
    : [];
  return products.map((p) => ({
    ...p,
    variants: variantRows.filter((v) => v.product_id === p.id).map((v) => toVariant(v, p.priceCents)),
  }));
}
