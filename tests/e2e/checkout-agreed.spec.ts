/**
 * The checkout page places the order it shows: when another tab adds to the cart after the page was
 * opened, "Place order" is refused with a message, the page shows the cart as it is now, and the
 * next press places that.
 */
import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { fillShipping } from "./support/checkout.ts";
import { shopOrigin } from "./support/env.ts";
import { open, waitForHydration } from "./support/navigation.ts";

type Variant = { id: string; price: number; stock: number };

test("an item added in another tab after the checkout page opened is not ordered unseen", async ({ page }) => {
  const account = await createAccount(page.request);
  const ordersOf = async () =>
    (await (await page.request.get(`/api/orders/${encodeURIComponent(account.email)}`)).json()) as unknown[];
  const listed: { _id: string }[] = await (await page.request.get("/api/products?limit=12")).json();
  const inStock: Variant[] = [];
  for (const { _id } of listed) {
    const detail: { variants: Variant[] } = await (await page.request.get(`/api/products/${_id}`)).json();
    const variant = detail.variants.find((v) => v.stock >= 2);
    if (variant) inStock.push(variant);
    if (inStock.length === 2) break;
  }
  const [first, second] = inStock;
  const add = async (variantId: string) =>
    expect(
      (
        await page.request.post("/api/cart/items", {
          data: { variantId, quantity: 1 },
          headers: { origin: shopOrigin() },
        })
      ).status(),
    ).toBe(201);
  await add(first.id);

  await open(page, "/checkout");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: /^Place order/ })).toContainText(`$${first.price.toFixed(2)}`);
  await add(second.id); // the other tab

  await fillShipping(page);
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "changed since this page was opened" })).toBeVisible();
  const total = (first.price + second.price).toFixed(2);
  await expect(page.getByRole("button", { name: /^Place order/ })).toContainText(`$${total}`);
  expect(await ordersOf()).toEqual([]);

  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  const thanks = page.getByRole("status").filter({ hasText: "has been placed" });
  await expect(thanks).toBeVisible();
  await expect(page.getByText(`$${total}`).first()).toBeVisible();
  expect(await ordersOf()).toHaveLength(1);
});
