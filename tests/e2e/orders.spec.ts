// Ordering: the order form (/buyProducts/{id}) with its validation and one order per submission,
// and My Orders with cancelling.
import { expect, customerTest as test } from "./support/fixtures.ts";
import { open } from "./support/navigation.ts";
import { expectFieldError, expectToast, inMain, myOrders, ORDER_FIELDS, orderForm } from "./support/pages.ts";
import { formatUsd, ordersOf, placeOrder, productAt } from "./support/shop-api.ts";

test.describe("order form", () => {
  test("shows the product's image, title and price", async ({ page, customer }) => {
    const product = await productAt(page.request, 9);
    const response = await open(page, `/buyProducts/${product._id}`);
    expect(response?.status()).toBe(200);
    const summary = page.getByRole("region", { name: "Your product" });
    await expect(summary.getByRole("img", { name: product.title })).toBeVisible();
    await expect(summary.getByRole("heading", { name: product.title })).toBeVisible();
    await expect(summary).toContainText(formatUsd(product.price));
    // the name is filled in from the account
    await expect(orderForm.field(page, "Full name")).toHaveValue(customer.name);
  });

  test("sending it empty shows a message beside each field and the acknowledgement", async ({ page, customer }) => {
    const product = await productAt(page.request, 10);
    await open(page, `/buyProducts/${product._id}`);
    await orderForm.field(page, "Full name").fill("");
    await orderForm.submit(page).click();

    for (const { label } of ORDER_FIELDS) {
      await expectFieldError(orderForm.field(page, label), new RegExp(`${label} is required`, "i"));
    }
    await expectFieldError(orderForm.acknowledgement(page), /acknowledg/i);
    await expect(orderForm.confirmation(page)).toHaveCount(0);
    expect(await ordersOf(page.request, customer.email)).toEqual([]);
  });

  test("a valid order is confirmed with a link to My Orders, and the form starts over", async ({ page, customer }) => {
    const product = await productAt(page.request, 11);
    await open(page, `/buyProducts/${product._id}`);
    await orderForm.fill(page);
    await orderForm.submit(page).click();

    const confirmation = orderForm.confirmation(page);
    await expect(confirmation).toBeVisible();
    const orderNumber = /#(\d+)/.exec((await confirmation.textContent()) ?? "")?.[1];
    expect(orderNumber).toBeTruthy();

    for (const { label } of ORDER_FIELDS) await expect(orderForm.field(page, label)).toHaveValue("");
    await expect(orderForm.acknowledgement(page)).not.toBeChecked();

    const saved = await ordersOf(page.request, customer.email);
    expect(saved.map((o) => String(o.order_id))).toEqual([orderNumber]);
    expect(saved[0].booking_deatils?._id).toBe(product._id);

    await confirmation.getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(myOrders.order(page, orderNumber ?? "")).toBeVisible();
  });

  test("double-clicking Place order places one order", async ({ page, customer }) => {
    const product = await productAt(page.request, 12);
    await open(page, `/buyProducts/${product._id}`);
    await orderForm.fill(page);
    await orderForm.submit(page).dblclick();
    await expect(orderForm.confirmation(page)).toBeVisible();

    await open(page, "/dashboard/myorders");
    await expect(myOrders.orders(page)).toHaveCount(1);
    expect(await ordersOf(page.request, customer.email)).toHaveLength(1);
  });
});

test.describe("My Orders", () => {
  test("with no orders: 'There are no orders placed yet.' and CONTINUE SHOPPING", async ({ page, customer }) => {
    expect(await ordersOf(page.request, customer.email)).toEqual([]);
    await open(page, "/dashboard/myorders");
    await expect(page.getByRole("heading", { level: 1, name: "My Order" })).toBeVisible();
    await expect(inMain(page, "There are no orders placed yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "CONTINUE SHOPPING" })).toHaveAttribute("href", "/product");
    await expect(myOrders.orders(page)).toHaveCount(0);
  });

  test("lists an order as Pending; Cancel asks first, then the order is Cancelled", async ({ page, customer }) => {
    const product = await productAt(page.request, 13);
    const order = await placeOrder(page.request, product._id);
    await open(page, "/dashboard/myorders");

    const item = myOrders.order(page, order.order_id);
    await expect(item).toBeVisible();
    await expect(item).toContainText("Placed on");
    await expect(item).toContainText(product.title);
    await expect(item).toContainText(formatUsd(product.price));
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();
    const cancel = myOrders.cancelButton(item);
    await expect(cancel).toBeEnabled();

    // "No" keeps the order
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: "Are you sure to cancel this order?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();

    await cancel.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expectToast(page, "Canceled!");
    await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(cancel).toBeDisabled();

    const [saved] = await ordersOf(page.request, customer.email);
    expect(saved.status.status).toBe("Cancelled");
  });
});
