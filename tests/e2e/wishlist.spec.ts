// The wishlist: the heart on a product page, the My Wishlist page, removing items.
import { expect, customerTest as test } from "./support/fixtures.ts";
import { open } from "./support/navigation.ts";
import { expectToast, inMain, productPage } from "./support/pages.ts";
import { formatUsd, productAt, wishlistOf } from "./support/shop-api.ts";

test("an empty wishlist says so and offers CONTINUE SHOPPING", async ({ page, customer }) => {
  await open(page, "/mywishlists");
  await expect(page.getByRole("heading", { level: 1, name: "My Wishlist" })).toBeVisible();
  await expect(
    inMain(page, "There are no favorites yet. Add your favorites to wishlist and they will show here."),
  ).toBeVisible();
  await inMain(page, "CONTINUE SHOPPING").click();
  await expect(page).toHaveURL(/\/product$/);
  expect(await wishlistOf(page.request, customer.email)).toEqual([]);
});

test("the heart adds a product; My Wishlist shows it, and its delete icon removes it", async ({ page, customer }) => {
  const product = await productAt(page.request, 6);
  await open(page, `/product/${product._id}`);
  const heart = productPage.heart(page);
  await expect(heart).toHaveText("Add to wishlist");
  await expect(heart).toHaveAttribute("aria-pressed", "false");

  await heart.click();
  await expect(heart).toHaveText("In wishlist");
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // the state is saved, not only shown
  await page.reload();
  await expect(productPage.heart(page)).toHaveText("In wishlist");

  await open(page, "/mywishlists");
  const items = page.getByTestId("wishlist-item");
  await expect(items).toHaveCount(1);
  const item = items.first();
  await expect(item.locator("img")).toBeVisible();
  await expect(item.getByRole("link", { name: product.title })).toHaveAttribute("href", `/product/${product._id}`);
  await expect(item).toContainText(formatUsd(product.price));
  await expect(item.getByRole("link", { name: "Buy Now" })).toHaveAttribute("href", `/buyProducts/${product._id}`);

  await item.getByRole("button", { name: `Remove ${product.title} from wishlist` }).click();
  await expectToast(page, "Removed from your wishlist.");
  await expect(items).toHaveCount(0);
  await expect(inMain(page, /There are no favorites yet/)).toBeVisible();
  expect(await wishlistOf(page.request, customer.email)).toEqual([]);
});

test("clicking the heart twice quickly adds the product once", async ({ page, customer }) => {
  const product = await productAt(page.request, 7);
  await open(page, `/product/${product._id}`);
  await productPage.heart(page).dblclick();
  await expect(productPage.heart(page)).toHaveText("In wishlist");
  await expect(productPage.heart(page)).toBeEnabled();

  await open(page, "/mywishlists");
  await expect(page.getByTestId("wishlist-item")).toHaveCount(1);
  const saved = await wishlistOf(page.request, customer.email);
  expect(saved.map((i) => i.product_deatils._id)).toEqual([product._id]);
});

test("clicking the heart again takes the product out of the wishlist", async ({ page, customer }) => {
  const product = await productAt(page.request, 8);
  await open(page, `/product/${product._id}`);
  await productPage.heart(page).click();
  await expect(productPage.heart(page)).toHaveText("In wishlist");
  await expect(productPage.heart(page)).toBeEnabled();
  await productPage.heart(page).click();
  await expect(productPage.heart(page)).toHaveText("Add to wishlist");
  await expect.poll(async () => (await wishlistOf(page.request, customer.email)).length).toBe(0);
});
