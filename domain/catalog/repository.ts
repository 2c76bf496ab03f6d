import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import type { ProductTable } from "../../db/schema.ts";

export type CategoryRow = { id: string; slug: string; name: string; department: string };
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
};

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
  "product.created_at",
] as const;

type ProductRow = Pick<
  ProductTable,
  "id" | "title" | "price_cents" | "desc1" | "desc2" | "desc3" | "desc4" | "image_key" | "image_width" | "image_height" | "position" | "created_at"
>;

export async function listCategories(db: DB): Promise<CategoryRow[]> {
  return db.selectFrom("category").select(["id", "slug", "name", "department"]).orderBy("position").execute();
}

export async function findCategories(db: DB, namesOrSlugs: string[]): Promise<CategoryRow[]> {
  const wanted = namesOrSlugs.map((s) => s.toLowerCase());
  const all = await listCategories(db);
  return all.filter((c) => wanted.includes(c.slug) || wanted.includes(c.name.toLowerCase()));
}

/** Escapes LIKE wildcards so that a search for "100%" means the text "100%". */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function listProducts(
  db: DB,
  filter: { q?: string; category?: string; seed?: number; limit: number; offset: number },
): Promise<{ rows: ProductRecord[]; total: number }> {
  let base = db.selectFrom("product");
  if (filter.q) base = base.where(sql<boolean>`product.title_search like ${likeContains(filter.q)} escape '\\'`);
  if (filter.category) {
    const slug = filter.category;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_category")
          .innerJoin("category", "category.id", "product_category.category_id")
          .whereRef("product_category.product_id", "=", "product.id")
          .where("category.slug", "=", slug)
          .select(sql`1`.as("one")),
      ),
    );
  }
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  let query = base.select(productColumns);
  if (filter.seed) {
    // A stable shuffle: the same seed gives the same order on every page and keystroke.
    query = query.orderBy(sql`(cast(product.position + 1 as bigint) * ${filter.seed}) % 2147483647`).orderBy("product.id");
  } else {
    query = query.orderBy("product.position").orderBy("product.id");
  }
  const rows = await query.limit(filter.limit).offset(filter.offset).execute();
  return { rows: await withCategories(db, rows), total: Number(countRow.n) };
}

export async function findProduct(db: DB, id: string): Promise<ProductRecord | undefined> {
  const row = await db.selectFrom("product").select(productColumns).where("product.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [product] = await withCategories(db, [row]);
  return product;
}

async function withCategories(db: DB, rows: ProductRow[]): Promise<ProductRecord[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("product_category")
    .innerJoin("category", "category.id", "product_category.category_id")
    .select(["product_category.product_id", "category.slug", "category.name"])
    .where(
      "product_category.product_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("category.position")
    .execute();
  return rows.map((r) => ({
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
    categories: links.filter((l) => l.product_id === r.id).map((l) => ({ slug: l.slug, name: l.name })),
  }));
}

export async function nextPosition(db: DB): Promise<number> {
  const row = await db
    .selectFrom("product")
    .select((eb) => eb.fn.max<number | null>("position").as("max"))
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

export async function insertProduct(
  db: DB,
  product: Omit<ProductRecord, "categories" | "createdAt"> & { categoryIds: string[] },
): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("product")
      .values({
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
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("product_category")
      .values(product.categoryIds.map((category_id) => ({ product_id: product.id, category_id })))
      .execute();
  });
}

export async function deleteProduct(db: DB, id: string): Promise<number> {
  const result = await db.deleteFrom("product").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
