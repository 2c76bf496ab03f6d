import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import { requireAdmin, requireUser } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";
import { notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { type Paged, pageQuery } from "../shared/pagination.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { parseInput, parseQuery } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { reviewInput } from "./schemas.ts";

export type Review = {
  id: string;
  name: string;
  email: string;
  description: string;
  rating: number;
  createdAt: string;
};

/** Reviews are public, but reviewers' email addresses are shown to admins only. */
export async function listReviews(ctx: DomainContext, query: unknown): Promise<Paged<Review>> {
  const page = parseQuery(pageQuery, query);
  const { rows, total } = await repo.listReviews(ctx.db, page);
  const showEmail = ctx.actor.kind === "admin";
  return { total, items: rows.map(({ userId: _, ...r }) => ({ ...r, email: showEmail ? r.email : "" })) };
}

export async function addReview(ctx: DomainContext, input: unknown): Promise<Review> {
  const user = requireUser(ctx.actor);
  const fields = parseInput(reviewInput, input);
  const review = {
    id: newId(),
    userId: user.id,
    name: user.name,
    email: user.email,
    description: fields.description,
    rating: fields.rating,
    createdAt: new Date().toISOString(),
  };
  await repo.insertReview(ctx.db, review);
  const { userId: _, ...shown } = review;
  return shown;
}

export async function deleteReview(ctx: DomainContext, id: string): Promise<{ deletedCount: number }> {
  requireAdmin(ctx.actor);
  if (!isWellFormedId(id)) throw notFound("Review");
  return inTransaction(ctx.db, async (trx) => {
    const deletedCount = await repo.deleteReview(trx, id);
    if (deletedCount === 0) throw notFound("Review");
    await recordAudit(trx, ctx.actor, {
      action: "review.delete",
      target: { type: "review", id },
      summary: "Deleted a review",
    });
    return { deletedCount };
  });
}

/** For the shop itself (a re-seed): removes every review. */
export const clearReviews = (ctx: Pick<DomainContext, "db">) => repo.deleteAll(ctx.db);
