import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MAX_LENGTH } from "../../domain/reviews/index.ts";
import { addReview, brokenJsonBody, expectError, notJsonBody, unchanged, userRow } from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const reviewRow = (id: string) => shop.db.selectFrom("review").selectAll().where("id", "=", id).executeTakeFirst();
const post = (json: unknown) => ({ method: "POST", json });

describe("POST /api/reviews", () => {
  it("stores the review with name and email from the account, not from the body", async () => {
    const customer = await shop.customer("Grace Reviewer");
    const res = await customer.request(
      "/api/reviews",
      post({ description: "  Lovely fabric.  ", rating: 4.5, name: "Mallory", email: "mallory@evil.example" }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    expect(body.review).toMatchObject({
      _id: body.insertedId,
      name: "Grace Reviewer",
      description: "Lovely fabric.",
      rating: 4.5,
    });
    const user = await userRow(shop, customer.email);
    expect(await reviewRow(body.insertedId)).toMatchObject({
      name: "Grace Reviewer",
      email: customer.email,
      user_id: user?.id,
      description: "Lovely fabric.",
      rating: 4.5,
    });
  });

  it("defaults the rating to 2 and accepts the bounds 0 and 5", async () => {
    const customer = await shop.customer();
    const untouched = await addReview(customer, { description: "No stars chosen" });
    expect((await reviewRow(untouched.insertedId))?.rating).toBe(2);
    const zero = await addReview(customer, { description: "Bottom", rating: 0 });
    expect((await reviewRow(zero.insertedId))?.rating).toBe(0);
    const five = await addReview(customer, { description: "Top", rating: "5" });
    expect((await reviewRow(five.insertedId))?.rating).toBe(5);
  });

  it("answers 422 for a rating out of bounds or not a number, and for a missing description, storing nothing", async () => {
    const customer = await shop.customer();
    for (const rating of [5.5, -1, "lots", 6]) {
      const res = await unchanged(shop, () => customer.request("/api/reviews", post({ description: "Fine", rating })));
      expect((await expectError(res, 422, "validation_failed")).fields?.rating).toEqual(expect.any(String));
    }
    // (a bell; the mark that turns the text after it around, "Great jacket!" then "live" reversed)
    for (const description of [
      undefined,
      "",
      "   ",
      "x".repeat(REVIEW_MAX_LENGTH + 1),
      "Great\u0007",
      "Great \u202Eevil",
    ]) {
      const res = await unchanged(shop, () => customer.request("/api/reviews", post({ description, rating: 3 })));
      expect((await expectError(res, 422)).fields?.description).toEqual(expect.any(String));
    }
  });

  it("refuses anonymous visitors with 401, storing nothing", async () => {
    await expectError(
      await unchanged(shop, () => shop.anonymous.request("/api/reviews", post({ description: "Hi", rating: 3 }))),
      401,
      "unauthenticated",
    );
  });

  it("answers 415 for a non-JSON body and 400 for broken JSON, storing nothing", async () => {
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => customer.request("/api/reviews", notJsonBody("POST"))),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await unchanged(shop, () => customer.request("/api/reviews", brokenJsonBody("POST"))),
      400,
      "bad_request",
    );
  });
});

describe("GET /api/reviews", () => {
  it("is public, hides reviewers' emails from visitors and customers, and counts in X-Total-Count", async () => {
    const author = await shop.customer("Public Author");
    const { insertedId } = await addReview(author, { description: "Shown to everyone", rating: 3 });
    const total = (await shop.db.selectFrom("review").select("id").execute()).length;
    for (const client of [shop.anonymous, author, await shop.customer()]) {
      const res = await client.request("/api/reviews?limit=100");
      expect(res.status).toBe(200);
      expect(Number(res.headers.get("x-total-count"))).toBe(total);
      const reviews = await res.json();
      expect(reviews.find((r: { _id: string }) => r._id === insertedId)).toMatchObject({
        name: "Public Author",
        description: "Shown to everyone",
        rating: 3,
      });
      for (const r of reviews) expect(r).not.toHaveProperty("email");
      expect(JSON.stringify(reviews)).not.toContain(author.email);
    }
  });

  it("shows emails to admins", async () => {
    const author = await shop.customer();
    const { insertedId } = await addReview(author);
    const admin = await shop.admin();
    const reviews = await (await admin.request("/api/reviews?limit=100")).json();
    expect(reviews.find((r: { _id: string }) => r._id === insertedId)?.email).toBe(author.email);
  });

  it("pages, newest first", async () => {
    const author = await shop.customer();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await addReview(author, { description: `Review ${i}`, rating: i })).insertedId);
    const all = await (await shop.anonymous.request("/api/reviews?limit=100")).json();
    const page = await (await shop.anonymous.request("/api/reviews?limit=2&offset=1")).json();
    expect(page.map((r: { _id: string }) => r._id)).toEqual(all.slice(1, 3).map((r: { _id: string }) => r._id));
    const times = all.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("answers 400 for bad paging", async () => {
    expect((await expectError(await shop.anonymous.request("/api/reviews?limit=0"), 400)).fields?.limit).toEqual(
      expect.any(String),
    );
    expect((await expectError(await shop.anonymous.request("/api/reviews?offset=abc"), 400)).fields?.offset).toEqual(
      expect.any(String),
    );
  });
});

describe("DELETE /api/reviews/{id}", () => {
  it("lets an admin delete a review", async () => {
    const author = await shop.customer();
    const { insertedId } = await addReview(author);
    const admin = await shop.admin();
    const res = await admin.request(`/api/reviews/${insertedId}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).deletedCount).toBe(1);
    expect(await reviewRow(insertedId)).toBeUndefined();
  });

  it("refuses customers, even the author (403), and anonymous visitors (401), changing nothing", async () => {
    const author = await shop.customer();
    const { insertedId } = await addReview(author);
    const other = await shop.customer();
    await expectError(
      await unchanged(shop, () => author.request(`/api/reviews/${insertedId}`, { method: "DELETE" })),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => other.request(`/api/reviews/${insertedId}`, { method: "DELETE" })),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request(`/api/reviews/${insertedId}`, { method: "DELETE" })),
      401,
      "unauthenticated",
    );
  });

  it("answers 404 for an unknown review", async () => {
    const admin = await shop.admin();
    await expectError(
      await unchanged(shop, () => admin.request("/api/reviews/no-such-review", { method: "DELETE" })),
      404,
      "not_found",
    );
  });
});
