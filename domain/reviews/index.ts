import { z } from "zod";
import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import { notFound } from "../errors.ts";
import { type Actor, requireAdmin, requireUser } from "../shared/actor.ts";
import { newId } from "../shared/ids.ts";
import { isWellFormedId, type Paged, pageSchema, requiredText } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";

export const STAR_COUNT = 5;
/** The star widget starts here when untouched. */
export const DEFAULT_RATING = 2;

/** POST /api/reviews and the review form. Name and email come from the signed-in account, not the form. */
export const reviewInput = z.object({
  description: requiredText("Description", 2000),
  rating: z.preprocess(
    (v) => (v === null || v === "" ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "Rating must be a number from 0 to 5." })
      .min(0, "Rating must be from 0 to 5.")
      .max(STAR_COUNT, "Rating must be from 0 to 5.")
      .default(DEFAULT_RATING),
  ),
});

export type Review = { id: string; name: string; email: string; description: string; rating: number; createdAt: string };

type Deps = { db: DB };

/** Reviews are public, but reviewers' email addresses are shown to admins only. */
export async function listReviews(deps: Deps, actor: Actor, query: unknown): Promise<Paged<Review>> {
  const page = parseInput(pageSchema, query);
  const { n } = await deps.db.selectFrom("review").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await deps.db
    .selectFrom("review")
    .select(["id", "name", "email", "description", "rating", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const showEmail = actor.kind === "admin";
  return {
    total: Number(n),
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: showEmail ? r.email : "",
      description: r.description,
      rating: Number(r.rating),
      createdAt: toIso(r.created_at),
    })),
  };
}

export async function addReview(deps: Deps, actor: Actor, input: unknown): Promise<Review> {
  const user = requireUser(actor);
  const fields = parseInput(reviewInput, input);
  const review: Review = {
    id: newId(),
    name: user.name,
    email: user.email,
    description: fields.description,
    rating: fields.rating,
    createdAt: new Date().toISOString(),
  };
  await deps.db
    .insertInto("review")
    .values({ id: review.id, user_id: user.id, name: review.name, email: review.email, description: review.description, rating: review.rating, created_at: review.createdAt })
    .execute();
  return review;
}

export async function deleteReview(deps: Deps, actor: Actor, id: string): Promise<{ deletedCount: number }> {
  requireAdmin(actor);
  if (!isWellFormedId(id)) throw notFound("Review");
  const result = await deps.db.deleteFrom("review").where("id", "=", id).executeTakeFirst();
  const deletedCount = Number(result.numDeletedRows);
  if (deletedCount === 0) throw notFound("Review");
  return { deletedCount };
}
