import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Actor, actorFor, anonymous } from "../shared/actor.ts";
import { createTestShop, errorsOf, outcome, type TestShop } from "../shared/testing.ts";
import { addReview, DEFAULT_RATING, deleteReview, listReviews, reviewInput, STAR_COUNT } from "./index.ts";

let shop: TestShop;
let who: Record<"anonymous" | "customer" | "other" | "admin", Actor>;

beforeEach(async () => {
  shop = await createTestShop();
  who = {
    anonymous,
    customer: actorFor(await shop.user("ada@example.com", "user", "Ada")),
    other: actorFor(await shop.user("grace@example.com")),
    admin: actorFor(await shop.user("root@example.com", "admin")),
  };
});
afterEach(() => shop.close());

const count = async () => (await shop.db.selectFrom("review").select("id").execute()).length;

describe("writing a review", () => {
  it("takes name and email from the account, not from the form", async () => {
    const review = await addReview(shop.as(who.customer), {
      description: "Lovely chair",
      rating: "4.5",
      name: "Someone else",
      email: "spoof@example.com",
    });
    expect(review).toMatchObject({ name: "Ada", email: "ada@example.com", description: "Lovely chair", rating: 4.5 });
    expect(review).not.toHaveProperty("userId");
  });

  it("asks anonymous visitors to sign in", async () => {
    expect(await outcome(() => addReview(shop.as(who.anonymous), { description: "Hi", rating: 5 }))).toBe(
      "unauthenticated",
    );
    expect(await count()).toBe(0);
  });

  it("reports bad fields as a validation failure", async () => {
    await expect(addReview(shop.as(who.customer), { description: " ", rating: 9 })).rejects.toMatchObject({
      code: "validation_failed",
      status: 422,
      fields: { description: "Description is required.", rating: `Rating must be from 0 to ${STAR_COUNT}.` },
    });
  });
});

describe("deleting a review", () => {
  it.each([
    ["anonymous", "unauthenticated", 1],
    ["customer", "forbidden", 1],
    ["other", "forbidden", 1],
    ["admin", "ok", 0],
  ] as const)("as %s: %s", async (actor, expected, left) => {
    const review = await addReview(shop.as(who.customer), { description: "Fine", rating: 3 });
    expect(await outcome(() => deleteReview(shop.as(who[actor]), review.id))).toBe(expected);
    expect(await count()).toBe(left);
  });

  it("answers not found for an unknown or malformed id", async () => {
    expect(await outcome(() => deleteReview(shop.as(who.admin), "no-such-review"))).toBe("not_found");
    expect(await outcome(() => deleteReview(shop.as(who.admin), "' or 1=1 --"))).toBe("not_found");
  });
});

describe("listing reviews", () => {
  beforeEach(async () => {
    await addReview(shop.as(who.customer), { description: "First", rating: 4 });
    await addReview(shop.as(who.other), { description: "Second", rating: 2 });
  });

  it.each([
    ["anonymous", false],
    ["customer", false],
    ["other", false],
    ["admin", true],
  ] as const)("shows reviewers' emails to %s: %s", async (actor, shown) => {
    const { items, total } = await listReviews(shop.as(who[actor]), {});
    expect(total).toBe(2);
    expect(items.map((r) => r.email).sort()).toEqual(shown ? ["ada@example.com", "grace@example.com"] : ["", ""]);
    for (const r of items) expect(r).not.toHaveProperty("userId");
  });

  it("pages, and refuses a bad page as a bad query", async () => {
    const page = await listReviews(shop.as(who.anonymous), { limit: "1", offset: "1" });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(await outcome(() => listReviews(shop.as(who.anonymous), { offset: "-1" }))).toBe("bad_request");
  });
});

describe("the review form", () => {
  it("starts at the default rating when none is given", () => {
    expect(reviewInput.parse({ description: "ok" }).rating).toBe(DEFAULT_RATING);
    expect(reviewInput.parse({ description: "ok", rating: "" }).rating).toBe(DEFAULT_RATING);
    expect(reviewInput.parse({ description: "ok", rating: null }).rating).toBe(DEFAULT_RATING);
  });

  it.each([0, "0", 2.5, "5", STAR_COUNT])("accepts the rating %j", (rating) => {
    expect(reviewInput.parse({ description: "ok", rating }).rating).toBe(Number(rating));
  });

  it.each([-0.5, 5.5, "six", Number.NaN, Number.POSITIVE_INFINITY, true])("refuses the rating %j", (rating) => {
    expect(errorsOf(reviewInput, { description: "ok", rating })).toHaveProperty("rating");
  });

  it("bounds the description and refuses NUL", () => {
    expect(reviewInput.safeParse({ description: "a".repeat(2000) }).success).toBe(true);
    expect(errorsOf(reviewInput, { description: "a".repeat(2001) })).toEqual({
      description: "Description must be at most 2,000 characters.",
    });
    expect(errorsOf(reviewInput, { description: "nice\u0000" })).toHaveProperty("description");
  });
});
