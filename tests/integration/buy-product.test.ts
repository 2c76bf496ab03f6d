/**
 * Buy Now for a quantity: the order form (/buyProducts/{id}) takes the quantity from its address, sends
 * it with the unit price it showed (`priceSeen`, decision 035), and a bad quantity, one beyond stock or
 * a price changed since is refused beside the field or with a message, nothing written. The API's
 * `POST /api/orders` takes the price as `price_seen` (dollars), optional. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as buyAction, loader as buyLoader } from "../../app/routes/buy-product.tsx";
import { expectError, orderForm, unchanged } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
let customer: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
  customer = await shop.customer();
});
afterAll(() => shop.close());

type Variant = { id: string; productId: string; price: number; priceCents: number };

let taken = 0;
/** A variant of a seeded product no other test here uses, with `stock` on hand and its price as the API shows it. */
async function freshVariant(stock = 50): Promise<Variant> {
  const row = await shop.db
    .selectFrom("product_variant")
    .select(["id", "product_id"])
    .orderBy("product_id")
    .orderBy("id")
    .offset(taken++ * 10)
    .limit(1)
    .executeTakeFirstOrThrow();
  await shop.db.updateTable("product_variant").set({ stock }).where("id", "=", row.id).execute();
  const product = await (await shop.anonymous.request(`/api/products/${row.product_id}`)).json();
  const price = product.variants.find((v: { id: string }) => v.id === row.id).price as number;
  return { id: row.id, productId: row.product_id, price, priceCents: Math.round(price * 100) };
}

const raisePrice = async (variant: Variant, by: number) =>
  expect(
    (await admin.request(`/api/variants/${variant.id}`, { method: "PATCH", json: { price: variant.price + by } }))
      .status,
  ).toBe(200);

const order = (variant: Variant, extra: Record<string, unknown> = {}) =>
  customer.request("/api/orders", {
    method: "POST",
    json: orderForm(variant.productId, { variantId: variant.id, ...extra }),
  });

describe("POST /api/orders with price_seen", () => {
  it("places the quantity at the price seen; refuses (409, nothing written) once the price changed; absent: as before", async () => {
    const variant = await freshVariant();
    const placed = await order(variant, { quantity: 3, price_seen: variant.price });
    expect(placed.status).toBe(201);
    const body = await placed.json();
    expect(body.order.total).toBeCloseTo(variant.price * 3, 2);
    expect(body.order.lines).toEqual([expect.objectContaining({ quantity: 3 })]);

    await raisePrice(variant, 5);
    const error = await unchanged(shop, async () =>
      expectError(await order(variant, { quantity: 3, price_seen: variant.price }), 409, "conflict"),
    );
    expect(error.message).toMatch(/price changed since this page was opened: it is now \$[\d,]+\.\d\d/);

    const now = await order(variant, { quantity: 2, price_seen: variant.price + 5 });
    expect(now.status).toBe(201);
    expect((await now.json()).order.total).toBeCloseTo((variant.price + 5) * 2, 2);
    expect((await order(variant)).status).toBe(201);
  });

  it("refuses a price_seen that is not a price (422, named as sent)", async () => {
    const variant = await freshVariant();
    await unchanged(shop, async () => {
      for (const price_seen of ["abc", -1, null, true, 1e300]) {
        const error = await expectError(await order(variant, { price_seen }), 422, "validation_failed");
        expect(Object.keys(error.fields ?? {}), JSON.stringify(price_seen)).toEqual(["price_seen"]);
      }
    });
  });

  it("names the quantity when it is more than in stock (409 out_of_stock, with the variant)", async () => {
    const variant = await freshVariant(2);
    const res = await unchanged(shop, () => order(variant, { quantity: 3, price_seen: variant.price }));
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error).toMatchObject({
      code: "out_of_stock",
      fields: { quantity: "Only 2 left: order 2 or fewer." },
      variants: [{ variantId: variant.id, available: 2, wanted: 3 }],
    });
  });
});

type Failure = { data: { ok: false; message: string; fields: Record<string, string> }; init: { status: number } };
type Answer =
  | { ok: true; result: { orderNumber: number; totalCents: number; lines: { quantity: number }[] } }
  | Failure;

/** The order form as the customer's browser posts it. */
async function postOrderForm(variant: Variant, fields: Record<string, string>): Promise<Answer> {
  const form = Object.entries(orderForm(variant.productId, { checkbox: "on", variantId: variant.id, ...fields }));
  const request = new Request(`${TEST_ORIGIN}/buyProducts/${variant.productId}`, {
    method: "POST",
    headers: { cookie: customer.cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form.map(([key, value]) => [key, String(value)])),
  });
  const context = await pageContext(shop, request);
  return (await buyAction({ request, params: { productId: variant.productId }, context } as never)) as Answer;
}

/** The order page as it loads for this address (or the redirect it answers). */
async function loadOrderPage(path: string) {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: customer.cookie } });
  const productId = new URL(request.url).pathname.split("/")[2];
  try {
    return (await buyLoader({
      request,
      params: { productId },
      context: await pageContext(shop, request),
    } as never)) as {
      quantity: number;
      quantityNote: string | null;
      variant: { id: string; priceCents: number; stock: number };
    };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const failure = (answer: Answer): Failure => {
  if ("ok" in answer) throw new Error(`placed order #${answer.result.orderNumber}`);
  return answer;
};

describe("the order form (/buyProducts/{id})", () => {
  it("shows the quantity from its address: 1 when missing or not a quantity, the most that can be ordered when more, with a note", async () => {
    const variant = await freshVariant();
    const at = (query: string) => loadOrderPage(`/buyProducts/${variant.productId}?variant=${variant.id}${query}`);
    expect(await at("&quantity=3")).toMatchObject({ quantity: 3, quantityNote: null, variant: { id: variant.id } });
    for (const query of ["", "&quantity="])
      expect(await at(query), query).toMatchObject({ quantity: 1, quantityNote: null });
    for (const query of ["&quantity=0", "&quantity=abc", "&quantity=2.5"]) {
      expect(await at(query), query).toMatchObject({
        quantity: 1,
        quantityNote: expect.stringMatching(/is not a quantity/),
      });
    }
    // more than can be ordered starts at the most that can, and says so
    const { variant: shown } = (await at("&quantity=3")) as { variant: { stock: number } };
    const most = Math.min(99, shown.stock);
    expect(await at("&quantity=1000")).toMatchObject({
      quantity: most,
      quantityNote: `You asked for 1000: ${most === shown.stock ? `only ${most} left` : `at most ${most} in one order`}, so the form starts at ${most}.`,
    });
  });

  it("turns the product page's add-to-cart fields (BUY without React) into its own address", async () => {
    const variant = await freshVariant();
    const returnTo = encodeURIComponent(`/product/${variant.productId}?variant=${variant.id}`);
    const answer = await loadOrderPage(
      `/buyProducts/${variant.productId}?intent=add&variantId=${variant.id}&returnTo=${returnTo}&quantity=3`,
    );
    if (!(answer instanceof Response)) throw new Error("no redirect");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/buyProducts/${variant.productId}?variant=${variant.id}&quantity=3`);
  });

  it("places the quantity typed at the price shown", async () => {
    const variant = await freshVariant();
    const answer = await postOrderForm(variant, { quantity: "3", priceSeen: String(variant.priceCents) });
    if (!("ok" in answer)) throw new Error(answer.data.message);
    expect(answer.result.totalCents).toBe(variant.priceCents * 3);
    expect(answer.result.lines.map((l) => l.quantity)).toEqual([3]);
  });

  it("names a bad quantity beside the field and places nothing", async () => {
    const variant = await freshVariant();
    const priceSeen = String(variant.priceCents);
    await unchanged(shop, async () => {
      for (const [quantity, message] of [
        ["0", "Quantity must be at least 1."],
        ["1000", "Quantity must be at most 99."],
        ["abc", "Quantity must be a whole number."],
        ["2.5", "Quantity must be a whole number."],
      ]) {
        const refused = failure(await postOrderForm(variant, { quantity, priceSeen, totalShownFor: quantity }));
        expect(refused.init.status, quantity).toBe(422);
        expect(refused.data.fields, quantity).toEqual({ quantity: message });
      }
    });
  });

  it("names a quantity beyond stock beside the field and places nothing", async () => {
    const variant = await freshVariant(2);
    const refused = failure(
      await unchanged(shop, () => postOrderForm(variant, { quantity: "3", priceSeen: String(variant.priceCents) })),
    );
    expect(refused.init.status).toBe(409);
    expect(refused.data.fields).toEqual({ quantity: "Only 2 left: order 2 or fewer." });
  });

  it("refuses a quantity changed since its total was shown (the page without scripts), placing nothing", async () => {
    const variant = await freshVariant();
    const priceSeen = String(variant.priceCents);
    const refused = failure(
      await unchanged(shop, () => postOrderForm(variant, { quantity: "4", totalShownFor: "3", priceSeen })),
    );
    expect(refused.init.status).toBe(409);
    expect(refused.data.fields.quantity).toMatch(/check the total/);
    expect("ok" in (await postOrderForm(variant, { quantity: "4", totalShownFor: "4", priceSeen }))).toBe(true);
  });

  it("refuses an order whose price changed since the page was opened, then shows and places the new price", async () => {
    const variant = await freshVariant();
    const path = `/buyProducts/${variant.productId}?variant=${variant.id}&quantity=2`;
    const shown = await loadOrderPage(path);
    if (shown instanceof Response) throw new Error("redirected");
    expect(shown.variant.priceCents).toBe(variant.priceCents);

    await raisePrice(variant, 10);
    const refused = failure(
      await unchanged(shop, () =>
        postOrderForm(variant, { quantity: "2", priceSeen: String(shown.variant.priceCents) }),
      ),
    );
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toMatch(/price changed since this page was opened/);

    const again = await loadOrderPage(path);
    if (again instanceof Response) throw new Error("redirected");
    expect(again.variant.priceCents).toBe(variant.priceCents + 1000);
    const placed = await postOrderForm(variant, { quantity: "2", priceSeen: String(again.variant.priceCents) });
    if (!("ok" in placed)) throw new Error(placed.data.message);
    expect(placed.result.totalCents).toBe((variant.priceCents + 1000) * 2);
  });
});
