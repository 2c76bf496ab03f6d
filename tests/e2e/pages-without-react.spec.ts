/**
 * Pages served without React's scripts (decision 028): the product page opened as a document, the
 * blog and the static pages. They load no script file, and what React did there the HTML and the
 * page's own inline script do: share windows at the spec's sizes, messages that can be dismissed.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { open, servedWithoutReact } from "./support/navigation.ts";
import { productPage } from "./support/pages.ts";
import { listProducts, productAt } from "./support/shop-api.ts";

/** The script files a page asks for while it loads. */
async function scriptFilesOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  };
  page.on("request", record);
  await open(page, path);
  await page.waitForLoadState("networkidle");
  page.off("request", record);
  return scripts;
}

/** Clicks a share link and answers the size of the window it opened (the network's page is stood in for). */
async function shareWindowSize(page: Page, link: ReturnType<Page["getByRole"]>) {
  await page
    .context()
    .route(/facebook\.com|twitter\.com|linkedin\.com/, (route) =>
      route.fulfill({ body: "<title>share</title>", contentType: "text/html" }),
    );
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await popup.waitForLoadState();
  const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
  await popup.close();
  return size;
}

test("the product page, the blog and the static pages load no script file; other pages still run React", async ({
  page,
}) => {
  const product = await productAt(page.request, 17);
  for (const path of [`/product/${product._id}`, "/blogs", "/blogs/blogDetails1", "/about", "/storeLocation"]) {
    expect(await scriptFilesOf(page, path), path).toEqual([]);
    expect(await servedWithoutReact(page), path).toBe(true);
  }
  for (const path of ["/", "/product", "/cart"]) {
    expect((await scriptFilesOf(page, path)).length, path).toBeGreaterThan(0);
    expect(await servedWithoutReact(page), path).toBe(false);
  }
});

test("without React, the Share dialog opens and closes, and its links open the spec's windows", async ({ page }) => {
  const product = await productAt(page.request, 17);
  await open(page, `/product/${product._id}`);
  expect(await servedWithoutReact(page)).toBe(true);
  const dialog = productPage.shareDialog(page);
  await productPage.shareButton(page).click();
  await expect(dialog).toBeVisible();
  expect(await shareWindowSize(page, dialog.getByRole("link", { name: "Facebook" }))).toEqual({
    width: 550,
    height: 400,
  });
  expect(await shareWindowSize(page, dialog.getByRole("link", { name: "LinkedIn" }))).toEqual({
    width: 750,
    height: 600,
  });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await open(page, "/blogs/blogDetails1");
  expect(await shareWindowSize(page, page.getByRole("link", { name: "Twitter" }))).toEqual({ width: 550, height: 400 });
});

test("without React, the message after Add to cart goes with its button or Escape", async ({ page }) => {
  const product = await productAt(page.request, 17);
  await open(page, `/product/${product._id}`);
  const toast = page.getByTestId("toast");

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast).toContainText(`Added ${product.title}`);
  expect(await servedWithoutReact(page)).toBe(true);
  await toast.getByRole("button", { name: "Dismiss message" }).click();
  await expect(toast).toBeHidden();

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast).toContainText(`Added ${product.title}`);
  await page.keyboard.press("Escape");
  await expect(toast).toBeHidden();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("without React, arrow keys go through a size group: each choice is sent, and the focus stays on it", async ({
  page,
}) => {
  const list = await listProducts(page.request, { limit: 40 });
  const details = await Promise.all(
    list.map(async (p) => (await page.request.get(`/api/products/${p._id}`)).json() as Promise<SizedProduct>),
  );
  const sized = details.find((p) => (p.options.find((o) => o.name === "Size")?.values.length ?? 0) >= 3);
  expect(sized, "the demo catalogue has a product in three sizes or more").toBeDefined();
  const sizes = (sized as SizedProduct).options.find((o) => o.name === "Size")?.values ?? [];

  await open(page, `/product/${sized?._id}`);
  expect(await servedWithoutReact(page)).toBe(true);
  const group = page.getByRole("group", { name: /^Size/ });
  const checked = group.locator("input:checked");
  await checked.focus();
  for (let step = 0; step < 2; step++) {
    const next = sizes[(sizes.indexOf(await checked.inputValue()) + 1) % sizes.length];
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => new URL(page.url()).searchParams.get("Size")).toBe(next);
    await expect(checked).toHaveValue(next);
    await expect(checked).toBeFocused();
  }
});

type SizedProduct = { _id: string; options: { name: string; values: string[] }[] };
