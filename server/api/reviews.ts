import { Hono } from "hono";
import * as reviews from "../../domain/reviews/index.ts";
import { signedIn } from "./guards.ts";
import { type AppEnv, actorOf } from "../http/context.ts";
import { jsonBody, queryOf, withTotal } from "./body.ts";
import { reviewJson } from "./serialize.ts";

export function reviewsApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => {
    const { items, total } = await reviews.listReviews(c.get("services").database, await actorOf(c), queryOf(c));
    withTotal(c, total);
    return c.json(items.map(reviewJson));
  });
  api.post("/", signedIn, async (c) => {
    const review = await reviews.addReview(c.get("services").database, await actorOf(c), await jsonBody(c));
    return c.json({ acknowledged: true, insertedId: review.id, review: reviewJson(review) }, 201);
  });
  api.delete("/:id", async (c) => {
    const result = await reviews.deleteReview(c.get("services").database, await actorOf(c), c.req.param("id"));
    return c.json({ acknowledged: true, ...result });
  });
  return api;
}
