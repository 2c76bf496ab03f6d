/**
 * The admin's order desk, customers, dashboard and audit log in Chromium, as a shop owner uses them:
 * find an order by the customer's email and open it, ship two orders at once, cancel an order from its
 * page and a paid card order from the list (which refunds it), disable a customer (whose sign-in is
 * then refused), read the dashboard's chart and its table; every page axe-clean and usable at 375 px.
 */
import { newAccount, signIn } from "./support/accounts.ts";
import {
  adminOrderRow,
  confirmDialog,
  confirmWithYes,
  createProduct,
  DEMO_ADMIN,
  expect,
  firstVariantStock,
  newCustomerPage,
  openAdminPage,
  orderCell,
  placeOrderWith,
  placePaidCardOrder,
  removeProduct,
  test,
  uniqueOrderDetails,
  uniqueProduct,
  usd,
} from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { waitForMail } from "./support/mail.ts";
import { open } from "./support/navigation.ts";
import { expectToast, myOrders } from "./support/pages.ts";
import { productAt } from "./support/shop-api.ts";

test.describe("the admin's order desk", () => {
  // each test signs in two browsers and walks several server-rendered pages
  test.describe.configure({ timeout: 90_000 });

  test("finds an order by the customer's email and opens it with its history", async ({
    page,
    customer,
    admin,
    request,
  }) => {
    const product = await productAt(request, 4);
    const details = uniqueOrderDetails();
    const order = await placeOrderWith(page.request, product._id, details);

    await openAdminPage(admin, "/dashboard/orders", "All Order");
    const search = admin.getByRole("search", { name: "Find orders" });
    await search.getByLabel("Order number, email or name").fill(customer.email);
    await search.getByRole("button", { name: "Find orders" }).click();
    await expect(admin).toHaveURL(/[?&]q=/);
    await expect(admin.getByTestId("admin-order")).toHaveCount(1);
    await expect(orderCell(adminOrderRow(admin, details.full_name), "Email")).toHaveText(customer.email);

    await admin.getByRole("link", { name: `Order ${order.order_id}` }).click();
    await expect(admin.getByRole("heading", { level: 1, name: `Order ${order.order_id}` })).toBeVisible();
    await expect(admin.getByText(details.address)).toBeVisible();
    await expect(admin.getByTestId("order-line")).toContainText(product.title);
    await expect(admin.getByTestId("order-history")).toContainText(`Placed (Pending) by customer ${customer.email}`);
  });

  test("ships two selected orders at once", async ({ page, customer, admin, request }) => {
    const product = await productAt(request, 7);
    const first = uniqueOrderDetails();
    const second = uniqueOrderDetails();
    const a = await placeOrderWith(page.request, product._id, first);
    const b = await placeOrderWith(page.request, product._id, second);

    await openAdminPage(admin, `/dashboard/orders?q=${encodeURIComponent(customer.email)}`, "All Order");
    await admin.getByRole("checkbox", { name: `Select order ${a.order_id}` }).check();
    await admin.getByRole("checkbox", { name: `Select order ${b.order_id}` }).check();
    await admin.getByRole("button", { name: "Ship selected orders" }).click();
    await expectToast(admin, "Shipped 2 orders.");
    await expect(orderCell(adminOrderRow(admin, first.full_name), "Status")).toHaveText("Shipped");
    await expect(orderCell(adminOrderRow(admin, second.full_name), "Status")).toHaveText("Shipped");
  });

  test("records a pay-on-delivery payment from the order's page, once", async ({ page, customer, admin, request }) => {
    const product = await productAt(request, 7);
    const order = await placeOrderWith(page.request, product._id, uniqueOrderDetails());
    await openAdminPage(admin, `/dashboard/orders/${order._id}`, `Order ${order.order_id}`);
    const record = admin.getByRole("button", { name: "Record payment received" });
    await record.click();
    await expectToast(admin, "Payment recorded.");
    await expect(record).toHaveCount(0);
    await expect(admin.getByTestId("order-history")).toContainText(`Placed (Pending) by customer ${customer.email}`);
    await expect(admin.getByTestId("order-history")).toContainText(
      `Payment Unpaid → Paid by admin ${DEMO_ADMIN.email}`,
    );
    await expect(admin.getByTestId("order-history")).toContainText(
      "Payment received (on delivery or by bank transfer)",
    );
    // the order can still be shipped; Cancel order now says that the shop pays the money back itself
    await expect(admin.getByRole("button", { name: "Ship this order" })).toBeEnabled();
    await admin.getByRole("button", { name: `Cancel order ${order.order_id}` }).click();
    const dialog = confirmDialog(
      admin,
      /^Are you sure to cancel this order\? It was paid \$[\d,.]+ on delivery or by bank transfer: the shop pays that back itself\.$/,
    );
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
  });

  test("cancels a pending order from its page: asked first, then Cancelled for the admin and the customer, stock back, customer mailed", async ({
    page,
    customer,
    admin,
  }) => {
    // a product of this test's own, so that no other test moves its stock meanwhile
    const product = await createProduct(admin.request, { title: uniqueProduct("Cancelled Lamp").title, price: 18 });
    try {
      const stockBefore = await firstVariantStock(admin.request, product._id);
      const details = uniqueOrderDetails();
      const order = await placeOrderWith(page.request, product._id, details);
      expect(await firstVariantStock(admin.request, product._id)).toBe(stockBefore - 1);

      await openAdminPage(admin, `/dashboard/orders/${order._id}`, `Order ${order.order_id}`);
      const cancel = admin.getByRole("button", { name: `Cancel order ${order.order_id}` });
      const question = "Are you sure to cancel this order?";
      await expect(cancel).toBeVisible();
      // No keeps the order as it was
      await cancel.click();
      const dialog = confirmDialog(admin, question);
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "No" }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByRole("button", { name: "Ship this order" })).toBeVisible();

      await confirmWithYes(admin, cancel, question);
      await expectToast(
        admin,
        `Cancelled order ${order.order_id}: nothing was refunded (it was not paid). The customer has been told by mail.`,
      );
      await expect(admin.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(cancel).toHaveCount(0);
      await expect(admin.getByRole("button", { name: "Ship this order" })).toHaveCount(0);
      // the order and its history are kept, with who cancelled it
      await expect(admin.getByTestId("order-history")).toContainText(`Placed (Pending) by customer ${customer.email}`);
      await expect(admin.getByTestId("order-history")).toContainText(
        `Status Pending → Cancelled by admin ${DEMO_ADMIN.email}`,
      );
      expect(await firstVariantStock(admin.request, product._id)).toBe(stockBefore);

      // the list shows it Cancelled, with nothing left to cancel
      await openAdminPage(admin, `/dashboard/orders?q=${encodeURIComponent(customer.email)}`, "All Order");
      const row = adminOrderRow(admin, details.full_name);
      await expect(orderCell(row, "Status")).toHaveText("Cancelled");
      await expect(row.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);

      // the customer still has it, Cancelled, and was told by mail
      await open(page, "/dashboard/myorders");
      const mine = myOrders.order(page, order.order_id);
      await expect(mine.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(myOrders.cancelButton(mine)).toBeDisabled();
      const mail = await waitForMail(customer.email, new RegExp(`order ${order.order_id} has been cancelled`));
      expect(mail.text).toContain(`we had to cancel your order ${order.order_id}`);
      expect(mail.text).not.toContain("We are refunding");
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("cancelling a paid card order from the list refunds it, and the customer is told so", async ({
    page,
    customer,
    admin,
  }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Refunded Lamp").title, price: 24 });
    try {
      const details = uniqueOrderDetails();
      const order = await placePaidCardOrder(page, product._id, details);

      await openAdminPage(admin, `/dashboard/orders?q=${encodeURIComponent(customer.email)}`, "All Order");
      const row = adminOrderRow(admin, details.full_name);
      await expect(orderCell(row, "Payment")).toContainText("Paid");
      const cancel = row.getByRole("button", { name: `Cancel order ${order.order_id}` });
      await expect(cancel).toBeVisible();
      await confirmWithYes(
        admin,
        cancel,
        `Are you sure to cancel this order? Its payment of ${usd(24)} will be refunded.`,
      );
      await expectToast(
        admin,
        `Cancelled order ${order.order_id}: ${usd(24)} was refunded to the customer's card. The customer has been told by mail.`,
      );
      await expect(orderCell(row, "Status")).toHaveText("Cancelled");
      await expect(orderCell(row, "Payment")).toContainText("Refunded");
      await expect(row.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);

      const mail = await waitForMail(customer.email, new RegExp(`order ${order.order_id} has been cancelled`));
      expect(mail.text).toContain(`We are refunding ${usd(24)}`);
      await open(page, "/dashboard/myorders");
      const mine = myOrders.order(page, order.order_id);
      await expect(mine.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(mine.getByText("Refunded", { exact: true })).toBeVisible();
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("disables a customer, whose sign-in is then refused, and enables them again", async ({ admin, openBrowser }) => {
    const { page, account } = await newCustomerPage(openBrowser, newAccount("Disabled"));
    await openAdminPage(admin, `/dashboard/customers?q=${encodeURIComponent(account.email)}`, "Customers");
    await admin.getByTestId("customer").getByRole("link", { name: account.name }).click();
    await expect(admin.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
    await admin.getByRole("button", { name: "Disable account" }).click();
    await expectToast(admin, "Account disabled: it can no longer sign in.");

    await signIn(page, account.email, account.password, { stayOnForm: true });
    await expect(page.getByText("This account has been suspended.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await admin.getByRole("button", { name: "Enable account" }).click();
    await expectToast(admin, "Account enabled: it can sign in again.");
    await signIn(page, account.email, account.password);
    await expect(page).not.toHaveURL(/\/login/);

    await openAdminPage(admin, "/dashboard/audit?action=user.disable", "Audit log");
    await expect(admin.getByTestId("audit-entry").first()).toContainText(`Disabled the account of ${account.email}`);
  });

  test("the dashboard shows the sales figures and a revenue chart with its table", async ({ admin }) => {
    await openAdminPage(admin, "/dashboard", "Dashboard");
    await expect(admin.getByTestId("period-today")).toBeVisible();
    const chart = admin.getByRole("img", { name: /Revenue per day, last 30 days/ });
    await expect(chart).toBeVisible();
    await admin.getByText("Revenue per day as a table").click();
    const table = admin.getByRole("table", { name: /Revenue per day/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(31);
  });

  test("every new admin page is axe-clean and fits a 375 px screen", async ({ page, customer, admin, request }) => {
    const product = await productAt(request, 2);
    const order = await placeOrderWith(page.request, product._id);
    const customers = await admin.request.get(`/api/admin/customers?q=${encodeURIComponent(customer.email)}`);
    const [{ _id: customerId }] = (await customers.json()) as { _id: string }[];
    await admin.setViewportSize({ width: 375, height: 812 });
    const pages: [string, string][] = [
      ["/dashboard", "Dashboard"],
      [`/dashboard/orders?q=${encodeURIComponent(customer.email)}`, "All Order"],
      [`/dashboard/orders/${order._id}`, `Order ${order.order_id}`],
      ["/dashboard/customers", "Customers"],
      [`/dashboard/customers/${customerId}`, customer.name],
      ["/dashboard/audit", "Audit log"],
    ];
    for (const [path, heading] of pages) {
      await openAdminPage(admin, path, heading);
      await expectNoAxeViolations(admin);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });

  test("customers cannot open the new admin pages", async ({ page, customer }) => {
    for (const path of ["/dashboard/orders", "/dashboard/customers", "/dashboard/audit"]) {
      await open(page, path);
      await expect(page, path).toHaveURL(/\/login\?from=.*reason=admin/);
    }
    // and their dashboard shows no shop figures
    await open(page, "/dashboard");
    await expect(page.getByTestId("period-today")).toHaveCount(0);
    expect(customer.email).toBeTruthy();
  });
});
