/**
 * Two tabs on one product's edit page: the second save, made from a page that no longer shows the
 * product as it is, is refused with a message instead of putting the first tab's changes back.
 */
import { createProduct, expect, openAdminPage, removeProduct, test, uniqueProduct } from "./support/admin.ts";

test("a save from a second tab opened before another save is refused, and the first tab's change stays", async ({
  admin,
}) => {
  const { title } = uniqueProduct("Two Tab Lamp");
  const product = await createProduct(admin.request, { title, price: 30 });
  const tabB = await admin.context().newPage();
  try {
    const path = `/dashboard/products/${product._id}`;
    await openAdminPage(admin, path, "Edit product");
    await openAdminPage(tabB, path, "Edit product");

    const formA = admin.getByTestId("edit-product-form");
    await formA.getByLabel("Title").fill(`${title} from tab A`);
    await formA.getByRole("button", { name: "Save changes" }).click();
    await expect(admin.getByTestId("toast")).toContainText("Saved.");

    const formB = tabB.getByTestId("edit-product-form");
    await formB.getByLabel("Price (USD)").fill("25.00");
    await formB.getByRole("button", { name: "Save changes" }).click();
    const refusal = tabB.getByRole("alert").filter({ hasText: "Nothing was saved." });
    await expect(refusal).toContainText(
      "This product was changed after this page was opened (in another tab, by an import or by another admin). Reload the page to see those changes, then make yours again. Nothing was saved.",
    );
    // saving again from the same page is still refused: it still shows the product as it was
    await formB.getByRole("button", { name: "Save changes" }).click();
    await expect(refusal).toContainText("This product was changed after this page was opened");

    const now = await (await admin.request.get(`/api/products/${product._id}`)).json();
    expect(now.title).toBe(`${title} from tab A`);
    expect(now.price).toBe(30);

    await openAdminPage(tabB, path, "Edit product");
    await expect(formB.getByLabel("Title")).toHaveValue(`${title} from tab A`);
    await formB.getByLabel("Price (USD)").fill("25.00");
    await formB.getByRole("button", { name: "Save changes" }).click();
    await expect(tabB.getByTestId("toast")).toContainText("Saved.");
    expect((await (await admin.request.get(`/api/products/${product._id}`)).json()).price).toBe(25);
  } finally {
    await tabB.close();
    await removeProduct(admin.request, product._id);
  }
});
