import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DiskMediaStore } from "../media/index.ts";
import { placeOrder } from "../orders/index.ts";
import { type Actor, actorFor, anonymous } from "../shared/actor.ts";
import { createTestShop, outcome, type TestShop } from "../shared/testing.ts";
import { addToWishlist, listMyWishlist } from "../wishlist/index.ts";
import { addProduct, countProducts, deleteProduct, findProduct } from "./index.ts";

const fields = { title: "Rattan chair", Categories: "Chairs", price: "$19.99", desc1: "Hand woven" };

let image: Buffer;
let mediaDir: string;
beforeAll(async () => {
  image = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#a0522d" } })
    .png()
    .toBuffer();
  mediaDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-unit-media-"));
});
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

let shop: TestShop;
let who: Record<"anonymous" | "customer" | "admin", Actor>;
beforeEach(async () => {
  shop = await createTestShop();
  who = {
    anonymous,
    customer: actorFor(await shop.user("ada@example.com")),
    admin: actorFor(await shop.user("root@example.com", "admin")),
  };
});
afterEach(() => shop.close());

describe("adding a product", () => {
  it.each([
    ["anonymous", "unauthenticated"],
    ["customer", "forbidden"],
  ] as const)("is refused to %s (%s) before anything is checked or stored", async (actor, expected) => {
    expect(await outcome(() => addProduct(shop.as(who[actor]), {}, undefined))).toBe(expected);
    expect(await outcome(() => addProduct(shop.as(who[actor]), fields, image))).toBe(expected);
    expect(await countProducts({ db: shop.db })).toBe(0);
  });

  it("reports every bad field to an admin at once, the missing image too", async () => {
    await expect(
      addProduct(shop.as(who.admin), { ...fields, title: "", price: "-1" }, undefined),
    ).rejects.toMatchObject({
      code: "validation_failed",
      fields: { title: "Title is required.", price: "Price cannot be negative.", image: "An image is required." },
    });
  });

  it("names an unknown category and the known ones", async () => {
    await expect(
      addProduct(shop.as(who.admin), { ...fields, Categories: "chairs, Sofas" }, image),
    ).rejects.toMatchObject({
      code: "validation_failed",
      fields: { Categories: "Unknown category: Sofas. Choose from Chairs, Lamps." },
    });
  });

  it("refuses a file that is not an image", async () => {
    expect(await outcome(() => addProduct(shop.as(who.admin), fields, Buffer.from("not an image")))).toBe(
      "unsupported_media_type",
    );
    expect(await countProducts({ db: shop.db })).toBe(0);
  });

  it("saves an admin's product in cents, with its categories and stored image", async () => {
    const media = new DiskMediaStore(mediaDir);
    const product = await addProduct(
      shop.as(who.admin, { media }),
      { ...fields, Categories: ["lamps", "Chairs"] },
      image,
    );
    expect(product).toMatchObject({
      title: "Rattan chair",
      priceCents: 1_999,
      desc1: "Hand woven",
      desc2: null,
      imageWidth: 480,
      imageHeight: 360,
      categories: [
        { slug: "chairs", name: "Chairs" },
        { slug: "lamps", name: "Lamps" },
      ],
    });
    const [, name] = product.imageKey.split("/");
    expect(
      readdirSync(path.join(mediaDir, "products"))
        .filter((f) => f.startsWith(name))
        .sort(),
    ).toEqual([`${name}-1200.webp`, `${name}-480.webp`]);
  });
});

describe("deleting a product", () => {
  it.each([
    ["anonymous", "unauthenticated", 1],
    ["customer", "forbidden", 1],
    ["admin", "ok", 0],
  ] as const)("as %s: %s", async (actor, expected, left) => {
    const id = await shop.product();
    expect(await outcome(() => deleteProduct(shop.as(who[actor]), id))).toBe(expected);
    expect(await countProducts({ db: shop.db })).toBe(left);
  });

  it("answers the count once, then not found", async () => {
    const id = await shop.product();
    expect(await deleteProduct(shop.as(who.admin), id)).toEqual({ deletedCount: 1 });
    expect(await outcome(() => deleteProduct(shop.as(who.admin), id))).toBe("not_found");
    expect(await outcome(() => deleteProduct(shop.as(who.admin), "bad/id"))).toBe("not_found");
    expect(await findProduct({ db: shop.db }, id)).toBeUndefined();
  });

  it("keeps orders and wishlist entries readable through their copies", async () => {
    const id = await shop.product("Oak chair", 12_500);
    await addToWishlist(shop.as(who.customer), { productId: id });
    const order = await placeOrder(shop.as(who.customer), {
      productId: id,
      full_name: "Ada Lovelace",
      address: "12 Analytical Row",
      city: "London",
      state: "London",
      zip: "N1 9GU",
      phone: "020 7946 0000",
      checkbox: true,
    });
    await deleteProduct(shop.as(who.admin), id);
    const line = await shop.db
      .selectFrom("order_line")
      .select(["product_id", "title", "unit_price_cents"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ product_id: null, title: "Oak chair", unit_price_cents: 12_500 });
    expect(await listMyWishlist(shop.as(who.customer))).toMatchObject([
      { productId: null, title: "Oak chair", priceCents: 12_500 },
    ]);
  });
});
