import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Actor, actorFor, anonymous, type SignedInUser } from "../shared/actor.ts";
import { createTestShop, outcome, type TestShop } from "../shared/testing.ts";
import {
  addToWishlist,
  listMyWishlist,
  listWishlist,
  removeFromWishlist,
  toggleWishlist,
  wishlistEntryFor,
} from "./index.ts";

let shop: TestShop;
let ada: SignedInUser;
let productId: string;
let who: Record<"anonymous" | "owner" | "other" | "admin", Actor>;

beforeEach(async () => {
  shop = await createTestShop();
  ada = await shop.user("ada@example.com");
  who = {
    anonymous,
    owner: actorFor(ada),
    other: actorFor(await shop.user("grace@example.com")),
    admin: actorFor(await shop.user("root@example.com", "admin")),
  };
  productId = await shop.product("Brass lamp", 8_900);
});
afterEach(() => shop.close());

const entries = async () => (await shop.db.selectFrom("wishlist_item").select(["id", "user_id"]).execute()).length;

describe("adding to a wishlist", () => {
  it("saves a copy of the product for the signed-in user", async () => {
    const item = await addToWishlist(shop.as(who.owner), { productId });
    expect(item).toMatchObject({ userEmail: "ada@example.com", productId, title: "Brass lamp", priceCents: 8_900 });
    expect(await listMyWishlist(shop.as(who.owner))).toMatchObject([{ id: item.id, title: "Brass lamp" }]);
  });

  it("asks anonymous visitors to sign in", async () => {
    expect(await outcome(() => addToWishlist(shop.as(who.anonymous), { productId }))).toBe("unauthenticated");
    expect(await entries()).toBe(0);
  });

  it("adds only to one's own list, admins included", async () => {
    const forAda = { productId, customerEmail: "ada@example.com" };
    expect(await outcome(() => addToWishlist(shop.as(who.other), forAda))).toBe("forbidden");
    expect(await outcome(() => addToWishlist(shop.as(who.admin), forAda))).toBe("forbidden");
    expect(await entries()).toBe(0);
    expect(
      await outcome(() => addToWishlist(shop.as(who.owner), { ...forAda, customerEmail: "ADA@example.com" })),
    ).toBe("ok");
  });

  it("keeps a product at most once per list, but on many lists", async () => {
    await addToWishlist(shop.as(who.owner), { productId });
    await expect(addToWishlist(shop.as(who.owner), { productId })).rejects.toMatchObject({
      code: "conflict",
      message: "This product is already in your wishlist.",
    });
    await addToWishlist(shop.as(who.other), { productId });
    expect(await entries()).toBe(2);
  });

  it("needs a product that exists", async () => {
    expect(await outcome(() => addToWishlist(shop.as(who.owner), {}))).toBe("validation_failed");
    expect(await outcome(() => addToWishlist(shop.as(who.owner), { productId: "gone" }))).toBe("not_found");
    expect(await outcome(() => addToWishlist(shop.as(who.owner), { productId: "a b" }))).toBe("validation_failed");
  });
});

describe("removing from a wishlist", () => {
  it.each([
    ["anonymous", "unauthenticated", 1],
    ["owner", "ok", 0],
    ["other", "forbidden", 1],
    ["admin", "ok", 0],
  ] as const)("as %s: %s", async (actor, expected, left) => {
    const item = await addToWishlist(shop.as(who.owner), { productId });
    expect(await outcome(() => removeFromWishlist(shop.as(who[actor]), item.id))).toBe(expected);
    expect(await entries()).toBe(left);
  });

  it("answers the count, then not found", async () => {
    const item = await addToWishlist(shop.as(who.owner), { productId });
    expect(await removeFromWishlist(shop.as(who.owner), item.id)).toEqual({ deletedCount: 1 });
    expect(await outcome(() => removeFromWishlist(shop.as(who.owner), item.id))).toBe("not_found");
    expect(await outcome(() => removeFromWishlist(shop.as(who.owner), "%%%"))).toBe("not_found");
  });
});

describe("reading a wishlist", () => {
  it.each([
    ["anonymous", "unauthenticated"],
    ["owner", "ok"],
    ["other", "forbidden"],
    ["admin", "ok"],
  ] as const)("by email as %s: %s", async (actor, expected) => {
    expect(await outcome(() => listWishlist(shop.as(who[actor]), "ada@example.com"))).toBe(expected);
  });

  it("shows the owner's entries to the owner and to admins, and nothing for an unknown account", async () => {
    const item = await addToWishlist(shop.as(who.owner), { productId });
    await addToWishlist(shop.as(who.other), { productId });
    expect((await listWishlist(shop.as(who.owner), "Ada@Example.com")).map((i) => i.id)).toEqual([item.id]);
    expect((await listWishlist(shop.as(who.admin), "ada@example.com")).map((i) => i.id)).toEqual([item.id]);
    expect(await listWishlist(shop.as(who.admin), "nobody@example.com")).toEqual([]);
  });

  it("lists one's own wishlist only when signed in", async () => {
    expect(await outcome(() => listMyWishlist(shop.as(who.anonymous)))).toBe("unauthenticated");
    await addToWishlist(shop.as(who.other), { productId });
    expect(await listMyWishlist(shop.as(who.owner))).toEqual([]);
  });
});

describe("the heart toggle", () => {
  it("adds, finds and removes the entry; a repeated click is not an error", async () => {
    const ctx = shop.as(who.owner);
    expect(await wishlistEntryFor(ctx, productId)).toBeNull();
    await toggleWishlist(ctx, productId, null);
    const entry = await wishlistEntryFor(ctx, productId);
    expect(entry).toEqual(expect.any(String));
    await toggleWishlist(ctx, productId, null);
    expect(await entries()).toBe(1);
    await toggleWishlist(ctx, productId, entry);
    await toggleWishlist(ctx, productId, entry);
    expect(await wishlistEntryFor(ctx, productId)).toBeNull();
  });

  it("has no entry for anonymous visitors and does not let them toggle", async () => {
    expect(await wishlistEntryFor(shop.as(who.anonymous), productId)).toBeNull();
    expect(await outcome(() => toggleWishlist(shop.as(who.anonymous), productId, null))).toBe("unauthenticated");
  });

  it("does not let another customer remove an entry through the toggle", async () => {
    const item = await addToWishlist(shop.as(who.owner), { productId });
    expect(await outcome(() => toggleWishlist(shop.as(who.other), productId, item.id))).toBe("forbidden");
    expect(await entries()).toBe(1);
  });
});
