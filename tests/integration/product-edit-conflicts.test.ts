/**
 * An edit made from an out-of-date view of a product (a second tab, a page opened before an import,
 * another admin's save) is refused instead of putting back what that view showed and removing the
 * variants added since (`editedFrom`, domain/catalog/editing.ts). Sales do not make a view out of
 * date: stock has its own guard. Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as editPage } from "../../app/routes/dashboard/admin/edit-product.tsx";
import { createProduct, expectError, placeOrder, unchanged } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
let customer: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
  customer = await shop.customer();
});
afterAll(async () => shop?.close());

const put = (client: Client, id: string, json: unknown) =>
  client.request(`/api/products/${id}`, { method: "PUT", json });

/** What the admin's edit page was given for this product. */
async function editPageFingerprint(id: string): Promise<string> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/products/${id}`, {
    headers: admin.cookie ? { cookie: admin.cookie } : {},
  });
  const data = (await editPage({
    request,
    params: { productId: id },
    context: await pageContext(shop, request),
  } as never)) as {
    product: { editedFrom: string };
  };
  return data.product.editedFrom;
}

const sized = (sku: string, size: string, stock: number) => ({ sku, options: { Size: size }, price: null, stock });

describe("an edit from an out-of-date view of a product", () => {
  it("is refused with 409 and changes nothing, keeping a variant another tab added", async () => {
    const { id } = await createProduct(admin);
    const base = `EDIT-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const first = await put(admin, id, {
      options: [{ name: "Size", values: ["M", "L", "XL"] }],
      variants: [sized(`${base}-M`, "M", 4), sized(`${base}-L`, "L", 4)],
    });
    expect(first.status).toBe(200);
    const opened = await first.json();
    expect(opened.editedFrom).toBe(await editPageFingerprint(id));

    // tab A adds XL and renames the product
    const tabA = await put(admin, id, {
      editedFrom: opened.editedFrom,
      title: "Title from tab A",
      variants: [
        ...opened.variants.map((v: { id: string; sku: string; options: object; stock: number }) => ({
          id: v.id,
          sku: v.sku,
          options: v.options,
          price: null,
          stock: v.stock,
        })),
        sized(`${base}-XL`, "XL", 9),
      ],
    });
    expect(tabA.status).toBe(200);
    const afterA = await tabA.json();
    expect(afterA.variants.map((v: { sku: string }) => v.sku)).toContain(`${base}-XL`);

    // tab B, opened before, saves what it showed with a new price
    const error = await unchanged(shop, async () =>
      expectError(
        await put(admin, id, {
          editedFrom: opened.editedFrom,
          price: 25,
          variants: opened.variants.map((v: { id: string; sku: string; options: object; stock: number }) => ({
            id: v.id,
            sku: v.sku,
            options: v.options,
            price: null,
            stock: v.stock,
          })),
        }),
        409,
        "conflict",
      ),
    );
    expect(error.message).toMatch(/changed after this page was opened/);
    expect(error.fields?.editedFrom).toMatch(/reload/i);
    const now = await (await admin.request(`/api/products/${id}`)).json();
    expect(now.title).toBe("Title from tab A");
    expect(now.variants.map((v: { sku: string }) => v.sku)).toContain(`${base}-XL`);

    // with what tab A's answer says, the same change goes through
    const retried = await put(admin, id, { editedFrom: afterA.editedFrom, price: 25 });
    expect(retried.status).toBe(200);
    expect((await retried.json()).price).toBe(25);
    expect(await editPageFingerprint(id)).not.toBe(afterA.editedFrom);
  });

  it("is not out of date because of a sale: stock is left out of the view's fingerprint", async () => {
    const { id } = await createProduct(admin);
    const fingerprint = await editPageFingerprint(id);
    await placeOrder(customer, id);
    expect(await editPageFingerprint(id)).toBe(fingerprint);
    const res = await put(admin, id, { editedFrom: fingerprint, title: "Renamed after a sale" });
    expect(res.status).toBe(200);
  });

  it("is refused after a change of categories or of a feature line made elsewhere", async () => {
    const { id } = await createProduct(admin);
    const fingerprint = await editPageFingerprint(id);
    expect((await put(admin, id, { Categories: ["Shoes"] })).status).toBe(200);
    await expectError(await put(admin, id, { editedFrom: fingerprint, title: "Stale" }), 409, "conflict");
    const fresh = await editPageFingerprint(id);
    expect((await put(admin, id, { desc2: "A second line" })).status).toBe(200);
    await expectError(await put(admin, id, { editedFrom: fresh, title: "Stale" }), 409, "conflict");
  });

  it("refuses an editedFrom that is not text, and answers without one as before", async () => {
    const { id } = await createProduct(admin);
    const error = await expectError(await put(admin, id, { editedFrom: 42, title: "x" }), 422);
    expect(error.fields?.editedFrom).toBeTruthy();
    expect((await put(admin, id, { title: "Without a fingerprint" })).status).toBe(200);
  });
});
