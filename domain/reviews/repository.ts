import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import type { Page } from "../shared/pagination.ts";

export type ReviewRecord = {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  description: string;
  rating: number;
  createdAt: string;
};

export async function listReviews(db: DB, page: Page): Promise<{ rows: ReviewRecord[]; total: number }> {
  const { n } = await db
    .selectFrom("review")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("review")
    .select(["id", "user_id", "name", "email", "description", "rating", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      description: r.description,
      rating: Number(r.rating),
      createdAt: toIso(r.created_at),
    })),
  };
}

export async function insertReview(db: DB, review: ReviewRecord): Promise<void> {
  await db
    .insertInto("review")
    .values({
      id: review.id,
      user_id: review.userId,
      name: review.name,
      email: review.email,
      description: review.description,
      rating: review.rating,
      created_at: review.createdAt,
    })
    .execute();
}

export async function deleteReview(db: DB, id: string): Promise<number> {
  const result = await db.deleteFrom("review").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAll(db: DB): Promise<void> {
  await db.deleteFrom("review").execute();
}
