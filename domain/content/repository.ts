import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";

export type BlogArticle = {
  slug: string;
  title: string;
  publishedOn: string;
  imageKey: string;
  excerpt: string;
  body: string[];
  tags: string[];
};
export type StoreLocation = {
  id: string;
  country: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
};
export type Testimonial = { id: string; name: string; role: string; quote: string; rating: number };
export type ContactMessage = { id: string; name: string; email: string; phone: string | null; message: string };

export async function listArticles(db: DB): Promise<BlogArticle[]> {
  const rows = await db.selectFrom("blog_article").selectAll().orderBy("position").execute();
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    publishedOn: r.published_on,
    imageKey: r.image_key,
    excerpt: r.excerpt,
    body: r.body.split("\n\n"),
    tags: JSON.parse(r.tags) as string[],
  }));
}

export function listStoreLocations(db: DB): Promise<StoreLocation[]> {
  return db
    .selectFrom("store_location")
    .select(["id", "country", "name", "address", "phone", "email", "hours"])
    .orderBy("position")
    .execute();
}

export function listTestimonials(db: DB): Promise<Testimonial[]> {
  return db.selectFrom("testimonial").select(["id", "name", "role", "quote", "rating"]).orderBy("position").execute();
}

export async function insertContactMessage(db: DB, message: ContactMessage, createdAt: string): Promise<void> {
  await db
    .insertInto("contact_message")
    .values({ ...message, created_at: createdAt })
    .execute();
}

export type NewArticle = Omit<BlogArticle, "body"> & { body: string[]; position: number };

export async function insertContent(
  db: DB,
  content: {
    articles: (NewArticle & { id: string })[];
    stores: (Omit<StoreLocation, "id"> & { id: string; position: number })[];
    testimonials: (Omit<Testimonial, "id"> & { id: string; position: number })[];
  },
): Promise<void> {
  for (const a of content.articles) {
    await db
      .insertInto("blog_article")
      .values({
        id: a.id,
        slug: a.slug,
        title: a.title,
        published_on: a.publishedOn,
        image_key: a.imageKey,
        excerpt: a.excerpt,
        body: a.body.join("\n\n"),
        tags: JSON.stringify(a.tags),
        position: a.position,
      })
      .execute();
  }
  if (content.stores.length) await db.insertInto("store_location").values(content.stores).execute();
  if (content.testimonials.length) await db.insertInto("testimonial").values(content.testimonials).execute();
}

export async function deleteAll(db: DB): Promise<void> {
  await db.deleteFrom("help_page").execute();
  await db.deleteFrom("blog_article").execute();
  await db.deleteFrom("store_location").execute();
  await db.deleteFrom("testimonial").execute();
}

export async function countArticles(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("blog_article")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export type HelpPageRow = { slug: string; body: string; updatedAt: string; updatedBy: string | null };

export async function findHelpPage(db: DB, slug: string): Promise<HelpPageRow | undefined> {
  const row = await db.selectFrom("help_page").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && { slug: row.slug, body: row.body, updatedAt: toIso(row.updated_at), updatedBy: row.updated_by };
}

export async function listHelpPages(db: DB): Promise<Omit<HelpPageRow, "body">[]> {
  const rows = await db.selectFrom("help_page").select(["slug", "updated_at", "updated_by"]).execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: toIso(r.updated_at), updatedBy: r.updated_by }));
}

/**
 * The page's text (a row per written page; an empty text removes the row), written only if the page is still
 * as `seen` (its last update's time; null: not written): answers whether it was, so that a save made from an
 * out-of-date page never undoes another (two admins, two tabs).
 */
export async function writeHelpPageIfStill(
  db: DB,
  slug: string,
  seen: string | null,
  page: { body: string; at: string; by: string | null },
): Promise<boolean> {
  const { body, at, by } = page;
  if (seen === null) {
    if (!body) return !(await findHelpPage(db, slug));
    const inserted = await db
      .insertInto("help_page")
      .values({ slug, body, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.column("slug").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  if (!body) {
    const deleted = await db
      .deleteFrom("help_page")
      .where("slug", "=", slug)
      .where("updated_at", "=", seen)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  }
  const updated = await db
    .updateTable("help_page")
    .set({ body, updated_at: at, updated_by: by })
    .where("slug", "=", slug)
    .where("updated_at", "=", seen)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The seed's pages, written as they are. */
export async function writeHelpPage(db: DB, slug: string, body: string, at: string, by: string | null): Promise<void> {
  await db
    .insertInto("help_page")
    .values({ slug, body, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column("slug").doUpdateSet({ body, updated_at: at, updated_by: by }))
    .execute();
}
