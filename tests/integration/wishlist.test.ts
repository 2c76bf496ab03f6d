import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToWishlist,
  brokenJsonBody,
  expectError,
  firstProduct,
  notJsonBody,
  unchanged,
  userRow,
} from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const itemRow = (id: string) => shop.db.selectFrom("wishlist_item").selectAll().where("id", "=", id).executeTakeFirst();

describe("POST /api/wishlist", () => {
  it("adds a product with the original shop's field names and stores the catalogue's copy", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    const res = await customer.request("/api/wishlist", { method: "POST", json: { productId: product.id } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    expect(body.item).toMatchObject({
      _id: body.insertedId,
      user_email: customer.email,
      product_deatils: {
        _id: product.id,
        title: product.title,
        price: product.priceCents / 100,
        image: `/media/${product.imageKey}-480.webp`,
      },
    });
    const user = await userRow(shop, customer.email);
    expect(await itemRow(body.insertedId)).toMatchObject({
      user_id: user?.id,
      product_id: product.id,
      title: product.title,
      price_cents: product.priceCents,
      image_key: product.imageKey,
    });
  });

  it("accepts the original shop's {user_email, product_deatils} body but trusts only the product id", async () => {
    const product = await firstProduct(shop, 3);
    const customer = await shop.customer();
    const res = await customer.request("/api/wishlist", {
      method: "POST",
      json: {
        user_email: customer.email.toUpperCase(),
        product_deatils: { _id: product.id, title: "Bargain", price: 0.5, image: "x" },
      },
    });
    expect(res.status).toBe(201);
    const { insertedId, item } = await res.json();
    expect(item.product_deatils).toMatchObject({ title: product.title, price: product.priceCents / 100 });
    expect(await itemRow(insertedId)).toMatchObject({ title: product.title, price_cents: product.priceCents });
  });

  it("answers 409 for a product already in the wishlist, storing nothing", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    await addToWishlist(customer, product.id);
    const res = await unchanged(shop, () =>
      customer.request("/api/wishlist", { method: "POST", json: { product_deatils: { _id: product.id } } }),
    );
    await expectError(res, 409, "conflict");
    const user = await userRow(shop, customer.email);
    expect(
      await shop.db.selectFrom("wishlist_item").select("id").where("user_id", "=", user!.id).execute(),
    ).toHaveLength(1);
  });

  it("lets two customers keep the same product", async () => {
    const product = await firstProduct(shop);
    const [a, b] = [await shop.customer(), await shop.customer()];
    const first = await addToWishlist(a, product.id);
    const second = await addToWishlist(b, product.id);
    expect(first.insertedId).not.toBe(second.insertedId);
    expect(
      await shop.db
        .selectFrom("wishlist_item")
        .select("id")
        .where("id", "in", [first.insertedId, second.insertedId])
        .execute(),
    ).toHaveLength(2);
  });

  it("refuses anonymous visitors (401) and adding to someone else's wishlist (403), storing nothing", async () => {
    const product = await firstProduct(shop);
    const [customer, other] = [await shop.customer(), await shop.customer()];
    await expectError(
      await unchanged(shop, () =>
        shop.anonymous.request("/api/wishlist", { method: "POST", json: { productId: product.id } }),
      ),
      401,
      "unauthenticated",
    );
    const res = await unchanged(shop, () =>
      customer.request("/api/wishlist", { method: "POST", json: { user_email: other.email, productId: product.id } }),
    );
    await expectError(res, 403, "forbidden");
  });

  it("answers 422 without a product or with a malformed one, 404 for an unknown one, storing nothing", async () => {
    const customer = await shop.customer();
    expect(
      (
        await expectError(
          await unchanged(shop, () => customer.request("/api/wishlist", { method: "POST", json: {} })),
          422,
        )
      ).fields?.productId,
    ).toEqual(expect.any(String));
    const bad = await unchanged(shop, () =>
      customer.request("/api/wishlist", { method: "POST", json: { productId: "a b/c" } }),
    );
    expect((await expectError(bad, 422, "validation_failed")).fields?.productId).toEqual(expect.any(String));
    const badEmail = await unchanged(shop, () =>
      customer.request("/api/wishlist", { method: "POST", json: { productId: "x", user_email: "not-an-email" } }),
    );
    expect((await expectError(badEmail, 422)).fields?.user_email).toEqual(expect.any(String));
    await expectError(
      await unchanged(shop, () =>
        customer.request("/api/wishlist", { method: "POST", json: { productId: "no-such-product" } }),
      ),
      404,
      "not_found",
    );
  });

  it("answers 415 for a non-JSON body and 400 for broken JSON, storing nothing", async () => {
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => customer.request("/api/wishlist", notJsonBody("POST"))),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await unchanged(shop, () => customer.request("/api/wishlist", brokenJsonBody("POST"))),
      400,
      "bad_request",
    );
  });
});

describe("GET /api/wishlist/{email}", () => {
  it("lists the user's own items only", async () => {
    const [customer, other] = [await shop.customer(), await shop.customer()];
    const a = await addToWishlist(customer, (await firstProduct(shop, 0)).id);
    const b = await addToWishlist(customer, (await firstProduct(shop, 1)).id);
    await addToWishlist(other, (await firstProduct(shop, 2)).id);
    const res = await customer.request(`/api/wishlist/${encodeURIComponent(customer.email)}`);
    expect(res.status).toBe(200);
    const items = await res.json();
    expect(items.map((i: { _id: string }) => i._id).sort()).toEqual([a.insertedId, b.insertedId].sort());
    for (const item of items) {
      expect(item.user_email).toBe(customer.email);
      expect(item.product_deatils).toEqual(
        expect.objectContaining({
          _id: expect.any(String),
          title: expect.any(String),
          price: expect.any(Number),
          image: expect.any(String),
        }),
      );
    }
  });

  it("answers [] for an empty wishlist", async () => {
    const customer = await shop.customer();
    const res = await customer.request(`/api/wishlist/${customer.email}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("lets an admin read anyone's wishlist", async () => {
    const customer = await shop.customer();
    const { insertedId } = await addToWishlist(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    const res = await admin.request(`/api/wishlist/${customer.email}`);
    expect(res.status).toBe(200);
    expect((await res.json()).map((i: { _id: string }) => i._id)).toEqual([insertedId]);
  });

  it("refuses another customer (403) and anonymous visitors (401)", async () => {
    const [customer, other] = [await shop.customer(), await shop.customer()];
    await addToWishlist(customer, (await firstProduct(shop)).id);
    await expectError(await other.request(`/api/wishlist/${customer.email}`), 403, "forbidden");
    await expectError(await shop.anonymous.request(`/api/wishlist/${customer.email}`), 401, "unauthenticated");
  });
});

describe("DELETE /api/wishlist/{id}", () => {
  it("removes the user's own item", async () => {
    const customer = await shop.customer();
    const { insertedId } = await addToWishlist(customer, (await firstProduct(shop)).id);
    const res = await customer.request(`/api/wishlist/${insertedId}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).deletedCount).toBe(1);
    expect(await itemRow(insertedId)).toBeUndefined();
    // and the product can be added again
    await addToWishlist(customer, (await firstProduct(shop)).id);
  });

  it("lets an admin remove anyone's item", async () => {
    const customer = await shop.customer();
    const { insertedId } = await addToWishlist(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    const res = await admin.request(`/api/wishlist/${insertedId}`, { method: "DELETE" });
    expect((await res.json()).deletedCount).toBe(1);
    expect(await itemRow(insertedId)).toBeUndefined();
  });

  it("refuses another customer (403) and anonymous visitors (401), changing nothing", async () => {
    const [customer, other] = [await shop.customer(), await shop.customer()];
    const { insertedId } = await addToWishlist(customer, (await firstProduct(shop)).id);
    await expectError(
      await unchanged(shop, () => other.request(`/api/wishlist/${insertedId}`, { method: "DELETE" })),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request(`/api/wishlist/${insertedId}`, { method: "DELETE" })),
      401,
      "unauthenticated",
    );
    expect(await itemRow(insertedId)).toBeDefined();
  });

  it("answers 404 for an unknown item", async () => {
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => customer.request("/api/wishlist/no-such-item", { method: "DELETE" })),
      404,
      "not_found",
    );
  });
});
