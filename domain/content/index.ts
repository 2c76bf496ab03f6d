import { z } from "zod";
import type { DB } from "../../db/connection.ts";
import { newId } from "../shared/ids.ts";
import { emailSchema, optionalText, requiredText } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";

export { aboutContent, contactDetails } from "../../db/seed/content-data.ts";

type Deps = { db: DB };

export type BlogArticle = { slug: string; title: string; publishedOn: string; imageKey: string; excerpt: string; body: string[]; tags: string[] };
export type StoreLocation = { id: string; country: string; name: string; address: string; phone: string; email: string; hours: string };
export type Testimonial = { id: string; name: string; role: string; quote: string; rating: number };

export async function listArticles(deps: Deps): Promise<BlogArticle[]> {
  const rows = await deps.db.selectFrom("blog_article").selectAll().orderBy("position").execute();
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

export async function listStoreLocations(deps: Deps): Promise<StoreLocation[]> {
  return deps.db.selectFrom("store_location").select(["id", "country", "name", "address", "phone", "email", "hours"]).orderBy("position").execute();
}

export async function listTestimonials(deps: Deps): Promise<Testimonial[]> {
  return deps.db.selectFrom("testimonial").select(["id", "name", "role", "quote", "rating"]).orderBy("position").execute();
}

/** The contact form: validated, kept for the shop to answer. */
export const contactInput = z.object({
  name: requiredText("Name", 120),
  email: emailSchema,
  phone: optionalText("Phone", 30).refine((v) => v === undefined || /^\+?[0-9 ().-]{6,25}$/.test(v), "Enter a valid phone number."),
  message: requiredText("Message", 5000).refine((v) => v.length >= 10, "Please write at least 10 characters."),
});

export async function sendContactMessage(deps: Deps, input: unknown): Promise<{ id: string; createdAt: string }> {
  const fields = parseInput(contactInput, input);
  const message = { id: newId(), createdAt: new Date().toISOString() };
  await deps.db
    .insertInto("contact_message")
    .values({ id: message.id, name: fields.name, email: fields.email, phone: fields.phone ?? null, message: fields.message, created_at: message.createdAt })
    .execute();
  return message;
}
