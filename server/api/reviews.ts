import { Hono } from "hono";
import * as reviews from "../../domain/reviews/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonBody, queryOf, withTotal } from "./body.ts";
import { signedIn } from "./guards.ts";
import { reviewJson } from "./serialize.ts";
import type { Deleted, ReviewAdded } from "./wire-schemas.ts";

export function reviewsApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => {
    const { items, total } = await reviews.listReviews(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    return c.json(items.map(reviewJson));
  });
  api.post("/", signedIn, async (c) => {
    const review = await reviews.addReview(c.get("ctx"), await jsonBody(c));
    return c.json({ acknowledged: true, insertedId: review.id, review: reviewJson(review) } satisfies ReviewAdded, 201);
  });
  api.delete("/:id", async (c) => {
    const result = await reviews.deleteReview(c.get("ctx"), c.req.param("id"));
    return c.json({ acknowledged: true, ...result } satisfies Deleted);
  });
  return api;
}
