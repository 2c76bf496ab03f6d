/**
 * A customer and the admin in real browsers, through haproxy in front of two shop processes: sign
 * in, add to cart, check out (pay on delivery), see the order in My Orders, the admin ships it.
 * Round robin sends the browsers' requests to both instances in turn; every step works all the same.
 */

import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createAccount, newAccount, signIn } from "../e2e/support/accounts.ts";
import { open, waitForHydration } from "../e2e/support/navigation.ts";
import { expectToast, myOrders } from "../e2e/support/pages.ts";
import { SHOP_ADMIN } from "../support/built-shop.ts";
import { SERVED_BY } from "../support/cluster.ts";

/** Which instance answered each of the page's requests to the shop (documents, data, form posts). */
function recordInstances(page: Page, into: string[]): void {
  page.on("response", (response) => {
    const by = response.headers()[SERVED_BY];
    if (by) into.push(by);
  });
}

test("sign in, cart, checkout, My Orders and shipping work with requests alternating between instances", async ({
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  const served: string[] = [];

  // the admin adds a product with stock through the API (a context of its own: its cookie stays there)
  const api = (await (await browser.newContext({ baseURL })).newPage()).request;
  const signedIn = await api.post("/api/auth/sign-in/email", {
    data: { email: SHOP_ADMIN.email, password: SHOP_ADMIN.password },
    headers: { origin },
  });
  expect(signedIn.status()).toBe(200);
  const token = signedIn.headers()["set-auth-token"];
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#aa6633" } })
    .png()
    .toBuffer();
  const title = `Cluster journey lamp ${Date.now().toString(36)}`;
  const added = await api.post("/api/products", {
    headers: { authorization: `Bearer ${token}`, origin },
    multipart: {
      title,
      Categories: "Accessories",
      price: "49.90",
      desc1: "Warm light",
      image: { name: "lamp.png", mimeType: "image/png", buffer: png },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const productId = (await added.json()).insertedId as string;
  const variantId = (await (await api.get(`/api/products/${productId}`)).json()).variants[0].id;
  const stocked = await api.patch(`/api/variants/${variantId}`, {
    headers: { authorization: `Bearer ${token}`, origin },
    data: { stock: 5 },
  });
  expect(stocked.status()).toBe(200);

  // the customer signs in through the login form and shops
  const page = await (await browser.newContext({ baseURL })).newPage();
  recordInstances(page, served);
  const account = await createAccount((await (await browser.newContext({ baseURL })).newPage()).request, newAccount());
  await signIn(page, account.email, account.password);
  await open(page, `/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("link", { name: /^Cart 1 item$/ }).click();
  await expect(page.getByTestId("cart-line").filter({ hasText: title })).toHaveCount(1);

  await page.getByRole("link", { name: "Checkout" }).click();
  await waitForHydration(page);
  await page.getByLabel("Address").fill("7 Lime Street");
  await page.getByLabel("City").fill("Leeds");
  await page.getByLabel("State").fill("West Yorkshire");
  await page.getByLabel("Zip").fill("LS1 4AP");
  await page.getByLabel("Phone").fill("+44 113 496 0000");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  const thanks = page.getByRole("status").filter({ hasText: "has been placed" });
  await expect(thanks).toBeVisible();
  const orderNumber = (await thanks.textContent())?.match(/#(\d+)/)?.[1] ?? "";
  expect(orderNumber).not.toBe("");
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  await open(page, "/dashboard/myorders");
  const mine = myOrders.order(page, orderNumber);
  await expect(mine).toContainText(title);
  await expect(mine).toContainText("Pending");

  // the admin signs in through the form and ships it
  const adminPage = await (await browser.newContext({ baseURL })).newPage();
  recordInstances(adminPage, served);
  await signIn(adminPage, SHOP_ADMIN.email, SHOP_ADMIN.password);
  await open(adminPage, "/dashboard/manageorders");
  await adminPage.getByRole("button", { name: `Approve order ${orderNumber}` }).click();
  await expectToast(adminPage, "Updated!");

  // the customer sees it shipped, whichever instance answers
  for (let i = 0; i < 2; i++) {
    await open(page, "/dashboard/myorders");
    await expect(myOrders.order(page, orderNumber)).toContainText("Shipped");
  }

  // both instances served the journey, and neither served it alone for long
  const counts = { a: served.filter((s) => s === "a").length, b: served.filter((s) => s === "b").length };
  expect(counts.a, JSON.stringify(counts)).toBeGreaterThan(5);
  expect(counts.b, JSON.stringify(counts)).toBeGreaterThan(5);
});
