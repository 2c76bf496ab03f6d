/**
 * The product page's main picture says what the admin wrote of it (its alt text), and the product's
 * title when nothing was written.
 */
import { createProduct, expect, removeProduct, test, uniqueProduct, withOrigin } from "./support/admin.ts";
import { open } from "./support/navigation.ts";

test("the main picture of a product page has the alt text an admin gave it", async ({ admin }) => {
  const { title } = uniqueProduct("Described Lamp");
  const product = await createProduct(admin.request, { title, price: 30 });
  try {
    await open(admin, `/product/${product._id}`);
    const main = admin.getByRole("main").getByRole("img", { name: title }).first();
    await expect(main).toBeVisible();

    const detail = await (await admin.request.get(`/api/products/${product._id}`)).json();
    const described = "A brass desk lamp with a green glass shade";
    const saved = await admin.request.put(`/api/products/${product._id}/images`, {
      data: { images: [{ id: detail.gallery[0].id, alt: described }] },
      headers: withOrigin(),
    });
    expect(saved.status()).toBe(200);
    await open(admin, `/product/${product._id}`);
    await expect(admin.getByRole("main").getByRole("img", { name: described }).first()).toBeVisible();
  } finally {
    await removeProduct(admin.request, product._id);
  }
});
