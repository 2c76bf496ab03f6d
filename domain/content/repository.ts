import type { DB } from "../../db/connection.ts";

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
