// The admin area: Manage Orders (approve/ship, filter, delete), Add Product (with an image), Manage
// Products (delete), All Customer Review (delete) and Make Admin, as the demo admin; plus the
// server's refusal of all of it to customers, and accessibility of every admin page.
//
// Tests share one server with the other specs: every test makes its own customers, orders,
// products and reviews with unique texts and finds them by that text, never by counts.

import { MANAGE_PRODUCTS_PAGE_SIZE } from "../../app/lib/page-sizes.ts";
import { DEFAULT_MAX_UPLOAD_BYTES } from "../../domain/media/upload-rules.ts";
import { newAccount, signIn } from "./support/accounts.ts";
import {
  ADMIN_PAGES,
  adminOrderRow,
  confirmDialog,
  confirmWithYes,
  createProduct,
  DEMO_ADMIN,
  expect,
  makeHugePng,
  makePng,
  newCustomerPage,
  openAdminPage,
  orderCell,
  orderStatusFilter,
  placeOrderWith,
  postPageForm,
  removeProduct,
  statusColumn,
  test,
  uniqueOrderDetails,
  uniqueProduct,
  usd,
  withOrigin,
} from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { uniqueTag } from "./support/env.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { expectLoginRedirect, open } from "./support/navigation.ts";
import {
  catalogue,
  dashboardMenu,
  expectFieldError,
  expectToast,
  myOrders,
  orderForm,
  productCards,
} from "./support/pages.ts";
import { type ApiOrder, addToWishlist, listReviews, ordersOf, productAt } from "./support/shop-api.ts";

/** The end-to-end server leaves MAX_UPLOAD_BYTES unset, so the default limit applies. */
const MAX_UPLOAD_BYTES = DEFAULT_MAX_UPLOAD_BYTES;
const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** The order's current status as the API tells its owner (or an admin). */
async function statusOf(
  request: Parameters<typeof ordersOf>[0],
  email: string,
  orderId: string,
): Promise<string | undefined> {
  return (await ordersOf(request, email)).find((o) => o._id === orderId)?.status.status;
}

test.describe("Manage Orders ('All Order')", () => {
  test("approve ships an order; the customer then sees it Shipped with Cancel disabled", async ({
    page,
    customer,
    admin,
    request,
  }) => {
    const product = await productAt(request, 3);
    const details = uniqueOrderDetails();

    // the customer orders through the order form
    await open(page, `/buyProducts/${product._id}`);
    await orderForm.fill(page, details);
    await orderForm.submit(page).click();
    await expect(orderForm.confirmation(page)).toBeVisible();
    const orderNumber = /#(\d+)/.exec((await orderForm.confirmation(page).textContent()) ?? "")?.[1] ?? "";
    expect(orderNumber).not.toBe("");

    // the admin sees the row with every column
    await openAdminPage(admin, "/dashboard/manageorders", "All Order");
    const row = adminOrderRow(admin, details.full_name);
    await expect(row).toHaveCount(1);
    await expect(orderCell(row, "Customer")).toHaveText(details.full_name);
    await expect(orderCell(row, "Product")).toContainText(product.title);
    await expect(orderCell(row, "Price")).toHaveText(usd(product.price));
    await expect(orderCell(row, "Email")).toHaveText(customer.email);
    await expect(orderCell(row, "Address")).toHaveText(`${details.address}, ${details.city}, ${details.state}`);
    await expect(orderCell(row, "Phone")).toHaveText(details.phone);
    const approve = row.getByRole("button", { name: `Approve order ${orderNumber}` });
    await expect(approve).toHaveText("Approve");

    await approve.click();
    await expectToast(admin, "Updated!");
    await expect(orderCell(row, "Status")).toHaveText("Shipped");
    await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);

    // the customer's My Orders: Shipped, and Cancel cannot be pressed
    await open(page, "/dashboard/myorders");
    const mine = myOrders.order(page, orderNumber);
    await expect(mine).toContainText(product.title);
    await expect(mine).toContainText("Shipped");
    await expect(myOrders.cancelButton(mine)).toBeDisabled();
  });

  test("the status links filter the table; a cancelled order shows as Cancelled", async ({
    page,
    customer,
    admin,
    request,
  }) => {
    const product = await productAt(request, 5);
    const pending = uniqueOrderDetails();
    const shipped = uniqueOrderDetails();
    const cancelled = uniqueOrderDetails();
    await placeOrderWith(page.request, product._id, pending);
    const toShip = await placeOrderWith(page.request, product._id, shipped);
    const toCancel = await placeOrderWith(page.request, product._id, cancelled);

    // shipped by the admin (API), cancelled by the customer in My Orders
    const ship = await admin.request.put(`/api/orders/${toShip._id}`, {
      data: { status: "Shipped" },
      headers: withOrigin(),
    });
    expect(ship.status()).toBe(200);
    await open(page, "/dashboard/myorders");
    await confirmWithYes(
      page,
      myOrders.cancelButton(myOrders.order(page, toCancel.order_id)),
      "Are you sure to cancel this order?",
    );
    await expectToast(page, "Canceled!");
    expect(await statusOf(page.request, customer.email, toCancel._id)).toBe("Cancelled");

    await openAdminPage(admin, "/dashboard/manageorders", "All Order");
    const filters = orderStatusFilter(admin);
    await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await expect(orderCell(adminOrderRow(admin, pending.full_name), "Status")).toHaveText("Approve");
    await expect(orderCell(adminOrderRow(admin, shipped.full_name), "Status")).toHaveText("Shipped");
    await expect(orderCell(adminOrderRow(admin, cancelled.full_name), "Status")).toHaveText("Cancelled");
    // a cancelled order cannot be approved
    await expect(adminOrderRow(admin, cancelled.full_name).getByRole("button", { name: /^Approve/ })).toHaveCount(0);

    const cases = [
      { filter: "Pending", shows: pending, hides: [shipped, cancelled], status: "Approve" },
      { filter: "Shipped", shows: shipped, hides: [pending, cancelled], status: "Shipped" },
      { filter: "Cancelled", shows: cancelled, hides: [pending, shipped], status: "Cancelled" },
    ];
    for (const c of cases) {
      await filters.getByRole("link", { name: c.filter, exact: true }).click();
      await expect(admin).toHaveURL(new RegExp(`[?&]status=${c.filter}$`));
      await expect(filters.getByRole("link", { name: c.filter, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(adminOrderRow(admin, c.shows.full_name)).toHaveCount(1);
      for (const other of c.hides) await expect(adminOrderRow(admin, other.full_name)).toHaveCount(0);
      expect(new Set(await statusColumn(admin)), `every row under "${c.filter}"`).toEqual(new Set([c.status]));
    }

    await filters.getByRole("link", { name: "All", exact: true }).click();
    await expect(admin).toHaveURL(/\/dashboard\/manageorders$/);
    for (const d of [pending, shipped, cancelled]) await expect(adminOrderRow(admin, d.full_name)).toHaveCount(1);
  });

  test("delete asks first, then removes the order for the admin and the customer", async ({
    page,
    customer,
    admin,
    request,
  }) => {
    const product = await productAt(request, 6);
    const details = uniqueOrderDetails();
    const order = await placeOrderWith(page.request, product._id, details);

    await openAdminPage(admin, "/dashboard/manageorders", "All Order");
    const row = adminOrderRow(admin, details.full_name);
    const remove = row.getByRole("button", { name: `Delete order ${order.order_id}` });

    // No keeps the order
    await remove.click();
    const dialog = confirmDialog(admin, "Are you sure to delete this order?");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await confirmWithYes(admin, remove, "Are you sure to delete this order?");
    // the order was still Pending: deleting it cancels it first, and the admin reads that the customer is told
    await expectToast(
      admin,
      "Deleted! It was still Pending, so it was cancelled first and its stock put back. The customer has been told by mail.",
    );
    await expect(row).toHaveCount(0);
    await admin.reload();
    await expect(admin.getByRole("heading", { level: 1, name: "All Order" })).toBeVisible();
    await expect(adminOrderRow(admin, details.full_name)).toHaveCount(0);

    // the shop's cancellation mail, which does not send the customer looking for an order that is gone
    const cancelled = await waitForMail(customer.email, new RegExp(`order ${order.order_id} has been cancelled`));
    expect(cancelled.text).toContain(`we had to cancel your order ${order.order_id}`);
    expect(cancelled.text).toContain("We have also removed it from your orders, so it no longer appears there.");
    expect(cancelled.links.some((l) => l.includes("/dashboard/myorders"))).toBe(false);

    // gone from the customer's My Orders too
    expect((await ordersOf(page.request, customer.email)).map((o: ApiOrder) => o._id)).not.toContain(order._id);
    await open(page, "/dashboard/myorders");
    await expect(page.getByRole("heading", { level: 1, name: "My Order" })).toBeVisible();
    await expect(myOrders.order(page, order.order_id)).toHaveCount(0);
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px every order's data is readable without scrolling the page sideways`, async ({
      page,
      customer,
      admin,
      request,
    }) => {
      const product = await productAt(request, 2);
      const details = uniqueOrderDetails();
      await placeOrderWith(page.request, product._id, details);

      await admin.setViewportSize({ width, height: 812 });
      await openAdminPage(admin, "/dashboard/manageorders", "All Order");
      const row = adminOrderRow(admin, details.full_name);
      await expect(row).toBeVisible();
      await expect(orderCell(row, "Email")).toHaveText(customer.email);
      for (const action of ["Approve", "Cancel", "Delete"]) {
        await expect(row.getByRole("button", { name: new RegExp(`^${action} order`) })).toBeAttached();
      }

      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const columns = [
        "Customer",
        "Product",
        "Price",
        "Email",
        "Address",
        "Phone",
        "Status",
        "Cancel",
        "Delete",
      ] as const;
      for (const column of columns) {
        const cell = orderCell(row, column);
        await cell.scrollIntoViewIfNeeded();
        await expect(cell).toBeVisible();
        const box = await cell.boundingBox();
        expect(box, `${column} cell has a box`).not.toBeNull();
        expect(box!.x, `${column} cell starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${column} cell ends on screen`).toBeLessThanOrEqual(width);
      }
      await row.getByRole("button", { name: /^Delete order/ }).scrollIntoViewIfNeeded();
      await expect(row.getByRole("button", { name: /^Delete order/ })).toBeInViewport();
    });
  }
});

test.describe("Add Product", () => {
  test("an empty form shows a message beside Title, Categories, Price, Feature 1 and Image", async ({ admin }) => {
    await openAdminPage(admin, "/dashboard/addnewproduct", "Add A Product");
    await admin.getByRole("button", { name: "Add product" }).click();

    await expectFieldError(admin.getByLabel("Title", { exact: true }), /Title is required/);
    await expect(admin.getByRole("group", { name: "Categories" })).toContainText("Choose at least one category.");
    await expectFieldError(admin.getByLabel("Price (USD)", { exact: true }), /Price is required/);
    await expectFieldError(admin.getByLabel("Feature 1", { exact: true }), /required/);
    await expectFieldError(admin.getByLabel("Image", { exact: true }), /An image is required/);
    // the optional features have no message
    await expect(admin.getByLabel("Feature 2 (optional)")).not.toHaveAttribute("aria-invalid", "true");
    await expect(admin.getByRole("alertdialog", { name: "Product has been added!" })).toHaveCount(0);
  });

  test("a text file disguised as a PNG is refused beside the image field, keeping the other fields", async ({
    admin,
    request,
  }) => {
    const { word, title } = uniqueProduct("Fake Image Lamp");
    await openAdminPage(admin, "/dashboard/addnewproduct", "Add A Product");
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByRole("group", { name: "Categories" }).getByText("Accessories", { exact: true }).click();
    await admin.getByLabel("Price (USD)", { exact: true }).fill("19.99");
    await admin.getByLabel("Feature 1", { exact: true }).fill("Glows softly");
    await admin.getByLabel("Image", { exact: true }).setInputFiles({
      name: "lamp.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is plain text, not a picture\n".repeat(20)),
    });
    await admin.getByRole("button", { name: "Add product" }).click();

    await expectFieldError(admin.getByLabel("Image", { exact: true }), /JPEG, PNG, WebP, GIF or AVIF/);
    await expect(admin.getByRole("alertdialog", { name: "Product has been added!" })).toHaveCount(0);
    await expect(admin.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(admin.getByLabel("Price (USD)", { exact: true })).toHaveValue("19.99");
    const search = await request.get(`/api/products?q=${word}`);
    expect(await search.json()).toEqual([]);
  });

  test(`an image larger than ${MAX_UPLOAD_MB} MB is refused with a clear message`, async ({ admin, request }) => {
    const { word, title } = uniqueProduct("Huge Image Lamp");
    const huge = await makeHugePng(MAX_UPLOAD_BYTES + 1024 * 1024);
    await openAdminPage(admin, "/dashboard/addnewproduct", "Add A Product");
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByRole("group", { name: "Categories" }).getByText("Accessories", { exact: true }).click();
    await admin.getByLabel("Price (USD)", { exact: true }).fill("25");
    await admin.getByLabel("Feature 1", { exact: true }).fill("Very detailed picture");
    const image = admin.getByLabel("Image", { exact: true });
    await image.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
    // refused as soon as it is chosen, with the reason beside the field and no preview
    await expectFieldError(image, new RegExp(`too large.*${MAX_UPLOAD_MB} MB`));
    await expect(admin.getByRole("img", { name: "Preview of your upload" })).toHaveCount(0);

    await admin.getByRole("button", { name: "Add product" }).click();
    await expect(admin.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(admin.getByRole("heading", { level: 1, name: "Add A Product" })).toBeVisible();
    await expectFieldError(image, new RegExp(`too large.*${MAX_UPLOAD_MB} MB`));
    await expect(admin.getByRole("alertdialog", { name: "Product has been added!" })).toHaveCount(0);

    // the server refuses it too, also when no browser checked it first
    const fields = { title, Categories: "accessories", price: "25", desc1: "Very detailed picture" };
    const direct = await admin.request.post("/dashboard/addnewproduct", {
      multipart: { ...fields, image: { name: "huge.png", mimeType: "image/png", buffer: huge } },
      headers: withOrigin(),
      maxRedirects: 0,
    });
    expect(direct.status()).toBe(413);
    // just over the limit: the page answers with its message beside the image field
    const slightly = await admin.request.post("/dashboard/addnewproduct", {
      multipart: {
        ...fields,
        image: { name: "big.png", mimeType: "image/png", buffer: await makeHugePng(MAX_UPLOAD_BYTES + 100 * 1024) },
      },
      headers: withOrigin(),
      maxRedirects: 0,
    });
    expect(slightly.status()).toBe(413);
    expect(await slightly.text()).toContain("The image is too large: the limit is 5 MB.");

    const search = await request.get(`/api/products?q=${word}`);
    expect(await search.json()).toEqual([]);
  });

  test("a valid product with an image is previewed, added, and found in the catalogue and by search", async ({
    admin,
    request,
    openBrowser,
  }) => {
    const { word, title } = uniqueProduct("Aurora Desk Lamp");
    const png = await makePng(640, 480);
    await openAdminPage(admin, "/dashboard/addnewproduct", "Add A Product");
    await admin.getByLabel("Title", { exact: true }).fill(title);
    const categories = admin.getByRole("group", { name: "Categories" });
    await categories.getByText("Accessories", { exact: true }).click();
    await categories.getByText("Women", { exact: true }).click();
    await expect(categories.getByRole("checkbox", { name: "Accessories" })).toBeChecked();
    await expect(categories.getByRole("checkbox", { name: "Women" })).toBeChecked();
    await admin.getByLabel("Price (USD)", { exact: true }).fill("89.90");
    await admin.getByLabel("Feature 1", { exact: true }).fill("Warm dimmable light");
    await admin.getByLabel("Feature 2 (optional)", { exact: true }).fill("USB-C powered");

    // the preview shows before anything is uploaded
    await expect(admin.getByRole("img", { name: "Preview of your upload" })).toHaveCount(0);
    await admin
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: png });
    const preview = admin.getByRole("img", { name: "Preview of your upload" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

    await admin.getByRole("button", { name: "Add product" }).click();
    const added = admin.getByRole("alertdialog", { name: "Product has been added!" });
    await expect(added).toBeVisible();
    await expect(added).toContainText("Success");
    await expectToast(admin, "Product has been added!");
    // the form starts over
    await expect(admin.getByLabel("Title", { exact: true })).toHaveValue("");
    await expect(admin.getByLabel("Price (USD)", { exact: true })).toHaveValue("");
    await expect(admin.getByLabel("Feature 1", { exact: true })).toHaveValue("");
    await expect(categories.getByRole("checkbox", { name: "Accessories" })).not.toBeChecked();
    await expect(admin.getByRole("img", { name: "Preview of your upload" })).toHaveCount(0);
    expect(
      await admin.getByLabel("Image", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length ?? 0),
    ).toBe(0);

    const href = (await added.getByRole("link", { name: "see it in the catalogue" }).getAttribute("href")) ?? "";
    const productId = href.replace(/^\/product\//, "");
    expect(productId).toMatch(/^[A-Za-z0-9_-]+$/);
    try {
      // found by a search for its unique word (in a visitor's browser)
      const visitor = await openBrowser(); // signed out
      await open(visitor, `/product?q=${word}`);
      await expect(catalogue.resultLine(visitor, word)).toHaveText(`1 product matching “${word}”`);
      const cards = productCards(visitor);
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(title);
      await expect(cards.first()).toContainText("Price: $89.90");

      // its page, with the uploaded image served as WebP
      await cards.first().getByRole("link", { name: /^View/ }).click();
      await expect(visitor).toHaveURL(new RegExp(`/product/${productId}$`));
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(visitor.getByRole("main")).toContainText("Warm dimmable light");
      await expect(visitor.getByRole("main")).toContainText("USB-C powered");
      const img = visitor.getByRole("main").locator("img").first();
      const src = (await img.getAttribute("src")) ?? "";
      expect(src).toMatch(/^\/media\/.+\.webp$/);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const media = await request.get(src);
      expect(media.status()).toBe(200);
      expect(media.headers()["content-type"]).toBe("image/webp");

      // in the API with both categories
      const api = await request.get(`/api/products/${productId}`);
      expect(api.status()).toBe(200);
      const json = await api.json();
      expect(json.title).toBe(title);
      expect(json.price).toBe(89.9);
      expect(json.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(["accessories", "women"]);
    } finally {
      await removeProduct(admin.request, productId);
    }
  });
  test("a product added as a draft with its own stock stays out of the shop and starts with that stock", async ({
    admin,
    request,
  }) => {
    const { word, title } = uniqueProduct("Drafted Floor Lamp");
    await openAdminPage(admin, "/dashboard/addnewproduct", "Add A Product");
    const stock = admin.getByLabel("Stock on hand", { exact: true });
    // the stock a product starts with is shown, not implied
    await expect(stock).toHaveValue("100");
    await expect(admin.getByRole("radio", { name: /^Published/ })).toBeChecked();
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByRole("group", { name: "Categories" }).getByText("Accessories", { exact: true }).click();
    await admin.getByLabel("Price (USD)", { exact: true }).fill("59");
    await admin.getByLabel("Feature 1", { exact: true }).fill("Stands tall");
    await admin.getByLabel("Image", { exact: true }).setInputFiles({
      name: "lamp.png",
      mimeType: "image/png",
      buffer: await makePng(64, 64),
    });
    // a negative stock is named beside its field, and the rest is kept
    await stock.fill("-3");
    await admin.getByRole("button", { name: "Add product" }).click();
    await expectFieldError(stock, /Stock cannot be negative/);
    await expect(admin.getByLabel("Title", { exact: true })).toHaveValue(title);
    expect(await (await request.get(`/api/products?q=${word}`)).json()).toEqual([]);

    await stock.fill("7");
    await admin.getByRole("radio", { name: /^Draft/ }).check();
    await admin.getByLabel("Image", { exact: true }).setInputFiles({
      name: "lamp.png",
      mimeType: "image/png",
      buffer: await makePng(64, 64),
    });
    await admin.getByRole("button", { name: "Add product" }).click();
    const added = admin.getByRole("alertdialog", { name: "Product has been added!" });
    await expect(added).toBeVisible();
    const href = (await added.getByRole("link", { name: "see it in the catalogue" }).getAttribute("href")) ?? "";
    const productId = href.replace(/^\/product\//, "");
    try {
      // customers neither find it nor open it
      expect(await (await request.get(`/api/products?q=${word}`)).json()).toEqual([]);
      expect((await request.get(`/api/products/${productId}`)).status()).toBe(404);
      // the admin sees the draft, with the stock typed
      const asAdmin = await admin.request.get(`/api/products/${productId}`);
      expect(asAdmin.status()).toBe(200);
      const product = await asAdmin.json();
      expect(product.status).toBe("draft");
      expect(product.variants.map((v: { stock: number }) => v.stock)).toEqual([7]);
    } finally {
      await removeProduct(admin.request, productId);
    }
  });
});

test.describe("Manage Products ('All Product')", () => {
  test("the list is paginated; deleting a product removes it from the shop, while orders and wishlists keep its title", async ({
    page,
    customer,
    admin,
    request,
  }) => {
    const { word, title } = uniqueProduct("Nimbus Headphones");
    const product = await createProduct(admin.request, { title, price: 129 });
    // a customer orders it and keeps it in their wishlist
    const order = await placeOrderWith(page.request, product._id);
    await addToWishlist(page.request, product._id);

    await openAdminPage(admin, "/dashboard/manageallproducts", "All Product");
    const rows = admin.getByTestId("admin-product");
    await expect(rows).toHaveCount(MANAGE_PRODUCTS_PAGE_SIZE);
    const pages = admin.getByRole("navigation", { name: "Product pages" });
    await expect(pages).toBeVisible();
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(admin).toHaveURL(/[?&]page=2$/);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(rows.first()).toBeVisible();

    // new products come last: find it from the last page backwards
    const last = Number(
      (
        await pages
          .getByRole("link", { name: /^Page \d+$/ })
          .last()
          .textContent()
      )?.trim(),
    );
    expect(last).toBeGreaterThanOrEqual(2);
    await pages.getByRole("link", { name: `Page ${last}` }).click();
    await expect(pages.getByRole("link", { name: `Page ${last}` })).toHaveAttribute("aria-current", "page");
    const row = rows.filter({ hasText: title });
    for (let p = last - 1; p >= 1 && (await row.count()) === 0; p--) {
      await open(admin, `/dashboard/manageallproducts?page=${p}`);
    }
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("$129.00");
    await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", `/product/${product._id}`);

    await confirmWithYes(
      admin,
      row.getByRole("button", { name: `Delete ${title}` }),
      "Are you sure to delete this product?",
    );
    await expectToast(admin, "Deleted!");
    await expect(row).toHaveCount(0);

    // gone from the catalogue, the search and its own address
    await open(page, `/product?q=${word}`);
    await expect(catalogue.resultLine(page, word)).toHaveText(`0 products matching “${word}”`);
    await expect(productCards(page)).toHaveCount(0);
    const gone = await page.goto(`/product/${product._id}`);
    expect(gone?.status()).toBe(404);
    expect((await request.get(`/api/products/${product._id}`)).status()).toBe(404);

    // the customer's order and wishlist still show what was bought
    await open(page, "/dashboard/myorders");
    await expect(myOrders.order(page, order.order_id)).toContainText(title);
    await expect(myOrders.order(page, order.order_id)).toContainText("$129.00");
    await open(page, "/mywishlists");
    const item = page.getByTestId("wishlist-item").filter({ hasText: title });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("no longer sold");
  });
});

test.describe("All Customer Review", () => {
  test("a customer's review appears with name and stars, and the admin deletes it", async ({
    page,
    customer,
    admin,
  }) => {
    const description = `Sturdy and quick delivery ${uniqueTag("review")}`;
    await open(page, "/dashboard/addreview");
    // the radio buttons are visually hidden inside their star labels: click the fourth star
    const fourStars = page.getByRole("radio", { name: "4 stars" });
    await page.getByRole("group", { name: "Rating" }).locator("label").filter({ has: fourStars }).click();
    await expect(fourStars).toBeChecked();
    await page.getByLabel("Description").fill(description);
    await page.getByRole("button", { name: "Post review" }).click();
    await expectToast(page, /Your review has been posted/);
    await expect(page.getByLabel("Description")).toHaveValue("");

    await openAdminPage(admin, "/dashboard/reviews", "All Customer Review");
    const card = admin.getByTestId("admin-review").filter({ hasText: description });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(customer.name);
    await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    await confirmWithYes(
      admin,
      card.getByRole("button", { name: `Delete the review by ${customer.name}` }),
      "Are you sure to delete this review?",
    );
    await expectToast(admin, "Deleted!");
    await expect(card).toHaveCount(0);
    expect((await listReviews(page.request)).map((r) => r.description)).not.toContain(description);
  });
});

test.describe("Make Admin", () => {
  test("an unknown or unconfirmed email is refused beside the field; a customer made admin sees the admin pages", async ({
    page,
    customer,
    admin,
  }) => {
    // before: a customer's menu has no admin links
    await open(page, "/dashboard");
    const menu = dashboardMenu(page);
    await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();
    await expect(menu).toContainText("Customer");
    for (const p of ADMIN_PAGES) await expect(menu.getByRole("link", { name: p.menu })).toHaveCount(0);

    await openAdminPage(admin, "/dashboard/makeadmin", "Make Admin");
    const email = admin.getByLabel("Email", { exact: true });
    await email.fill(newAccount().email);
    await admin.getByRole("button", { name: "Make Admin" }).click();
    await expectFieldError(email, /No account uses this email/);
    await expect(admin.getByTestId("toast")).toHaveCount(0);
    const before = await page.request.get(`/api/users/${encodeURIComponent(customer.email)}`);
    expect((await before.json()).admin).toBe(false);

    // an address nobody has confirmed is not made admin: whoever registered it first need not own it
    await email.fill(customer.email);
    await admin.getByRole("button", { name: "Make Admin" }).click();
    await expectFieldError(email, /has not confirmed its email address/);
    await page.goto(linkIn(await waitForMail(customer.email, /Confirm your email address/), "/api/auth/verify-email"));
    await expect(page).toHaveURL(/\/email-verified$/);

    await email.fill(customer.email);
    await admin.getByRole("button", { name: "Make Admin" }).click();
    await expectToast(admin, "Made Admin successfully!");
    await expect(email).toHaveValue("");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");

    // the customer's next page load shows the admin links, which work
    await open(page, "/dashboard");
    await expect(menu).toContainText("Admin");
    for (const p of ADMIN_PAGES) await expect(menu.getByRole("link", { name: p.menu })).toHaveAttribute("href", p.path);
    await menu.getByRole("link", { name: "Manage All Orders" }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageorders$/);
    await expect(page.getByRole("heading", { level: 1, name: "All Order" })).toBeVisible();
    const after = await page.request.get(`/api/users/${encodeURIComponent(customer.email)}`);
    expect((await after.json()).admin).toBe(true);
  });
});

test.describe("only admins: the server refuses customers", () => {
  for (const { path } of ADMIN_PAGES) {
    test(`a customer opening ${path} is sent to sign in`, async ({ page, customer }) => {
      await open(page, "/dashboard");
      await expect(dashboardMenu(page)).toContainText(customer.name);
      await page.goto(path);
      await expectLoginRedirect(page, path);
    });
  }

  test("a customer posting to the admin pages' actions changes nothing", async ({
    page,
    customer,
    admin,
    openBrowser,
  }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Guarded Kettle").title });
    try {
      // another customer's order, and this customer's own order and review
      const other = await newCustomerPage(openBrowser);
      const othersOrder = await placeOrderWith(other.page.request, product._id);
      const ownDetails = uniqueOrderDetails();
      const ownOrder = await placeOrderWith(page.request, product._id, ownDetails);
      const description = `Guarded review ${uniqueTag("r")}`;
      const review = await page.request.post("/api/reviews", {
        data: { description, rating: 5 },
        headers: withOrigin(),
      });
      expect(review.status()).toBe(201);
      const reviewId = ((await review.json()) as { insertedId: string }).insertedId;

      const attempts: [string, Record<string, string>][] = [];
      for (const order of [othersOrder, ownOrder]) {
        attempts.push(["/dashboard/manageorders", { orderId: order._id, intent: "ship" }]);
        attempts.push(["/dashboard/manageorders", { orderId: order._id, intent: "delete" }]);
      }
      attempts.push(["/dashboard/manageallproducts", { productId: product._id }]);
      attempts.push(["/dashboard/reviews", { reviewId }]);
      attempts.push(["/dashboard/makeadmin", { email: customer.email }]);
      for (const [path, form] of attempts) {
        // the document form post, and React Router's data request for the same action
        for (const target of [path, `${path}.data`]) {
          const response = await postPageForm(page.request, target, form);
          expect(response.status(), `POST ${target} ${JSON.stringify(form)}`).not.toBe(200);
          if (target === path) {
            expect([302, 303], `POST ${target} redirects`).toContain(response.status());
            expect(response.headers().location ?? "", `POST ${target} redirects to sign in`).toMatch(
              /^(https?:\/\/[^/]+)?\/login\?from=/,
            );
          }
          expect(await response.text(), `POST ${target} answers no success toast`).not.toMatch(
            /Updated!|Deleted!|Made Admin successfully!/,
          );
        }
      }

      // nothing changed, as the admin sees it
      const all = (await (await admin.request.get(`/api/orders?limit=100`)).json()) as ApiOrder[];
      expect(all.length).toBeGreaterThan(0);
      expect(await statusOf(admin.request, other.account.email, othersOrder._id)).toBe("Pending");
      expect(await statusOf(admin.request, customer.email, ownOrder._id)).toBe("Pending");
      expect((await admin.request.get(`/api/products/${product._id}`)).status()).toBe(200);
      expect((await listReviews(admin.request)).map((r) => r._id)).toContain(reviewId);
      const me = await admin.request.get(`/api/users/${encodeURIComponent(customer.email)}`);
      expect((await me.json()).admin).toBe(false);
      await openAdminPage(admin, "/dashboard/manageorders", "All Order");
      await expect(orderCell(adminOrderRow(admin, ownDetails.full_name), "Status")).toHaveText("Approve");
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("a customer calling the admin APIs is answered 403", async ({ page, customer, admin }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Guarded Toaster").title });
    try {
      const order = await placeOrderWith(page.request, product._id);
      const review = await page.request.post("/api/reviews", {
        data: { description: `Mine ${uniqueTag("r")}`, rating: 3 },
        headers: withOrigin(),
      });
      const reviewId = ((await review.json()) as { insertedId: string }).insertedId;

      const calls = [
        {
          what: "PUT /api/orders/:id Shipped",
          send: () =>
            page.request.put(`/api/orders/${order._id}`, { data: { status: "Shipped" }, headers: withOrigin() }),
        },
        {
          what: "DELETE /api/products/:id",
          send: () => page.request.delete(`/api/products/${product._id}`, { headers: withOrigin() }),
        },
        {
          what: "PUT /api/users/admin",
          send: () => page.request.put("/api/users/admin", { data: { email: customer.email }, headers: withOrigin() }),
        },
        {
          what: "DELETE /api/reviews/:id",
          send: () => page.request.delete(`/api/reviews/${reviewId}`, { headers: withOrigin() }),
        },
        { what: "GET /api/orders (all orders)", send: () => page.request.get("/api/orders") },
        {
          what: "POST /api/products",
          send: async () =>
            page.request.post("/api/products", {
              multipart: {
                title: "Not mine",
                price: "1",
                Categories: "accessories",
                desc1: "x",
                image: { name: "a.png", mimeType: "image/png", buffer: await makePng(40, 40) },
              },
              headers: withOrigin(),
            }),
        },
      ];
      for (const call of calls) expect((await call.send()).status(), call.what).toBe(403);

      expect(await statusOf(page.request, customer.email, order._id)).toBe("Pending");
      expect((await page.request.get(`/api/products/${product._id}`)).status()).toBe(200);
      expect((await (await page.request.get(`/api/users/${encodeURIComponent(customer.email)}`)).json()).admin).toBe(
        false,
      );
      expect((await listReviews(page.request)).map((r) => r._id)).toContain(reviewId);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });
});

test.describe("accessibility of the admin pages (axe, WCAG 2.1 A and AA)", () => {
  for (const { path, heading } of ADMIN_PAGES) {
    test(`${path} has no axe violations`, async ({ page, customer, admin }) => {
      // something to list on the pages that show lists
      if (path === "/dashboard/manageorders")
        await placeOrderWith(page.request, (await productAt(page.request, 1))._id);
      if (path === "/dashboard/reviews") {
        const review = await page.request.post("/api/reviews", {
          data: { description: `Accessible ${uniqueTag("r")}`, rating: 4 },
          headers: withOrigin(),
        });
        expect(review.status()).toBe(201);
      }
      await openAdminPage(admin, path, heading);
      await expect(dashboardMenu(admin).getByRole("link", { name: "Make Admin" })).toBeVisible();
      await expectNoAxeViolations(admin);
    });
  }

  test("/dashboard/addnewproduct with its error messages shown has no axe violations", async ({ admin }) => {
    await openAdminPage(admin, "/dashboard/addnewproduct", "Add A Product");
    await admin.getByRole("button", { name: "Add product" }).click();
    await expectFieldError(admin.getByLabel("Title", { exact: true }), /Title is required/);
    await expectNoAxeViolations(admin);
  });

  test("/dashboard/manageorders with the delete dialog open has no axe violations", async ({
    page,
    customer,
    admin,
  }) => {
    const details = uniqueOrderDetails();
    const order = await placeOrderWith(page.request, (await productAt(page.request, 1))._id, details);
    await openAdminPage(admin, "/dashboard/manageorders", "All Order");
    await adminOrderRow(admin, details.full_name)
      .getByRole("button", { name: `Delete order ${order.order_id}` })
      .click();
    const dialog = confirmDialog(admin, "Are you sure to delete this order?");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "No" })).toBeVisible();
    await expectNoAxeViolations(admin);
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(adminOrderRow(admin, details.full_name)).toHaveCount(1);
  });
});

test("the demo admin signs in through /login and reaches every admin page from the side menu", async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, { from: "/dashboard/manageorders" });
  await expect(page).toHaveURL(/\/dashboard\/manageorders$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Order" })).toBeVisible();
  const menu = dashboardMenu(page);
  await expect(menu).toContainText(DEMO_ADMIN.name);
  for (const p of ADMIN_PAGES) {
    await menu.getByRole("link", { name: p.menu }).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}$`));
    await expect(page.getByRole("heading", { level: 1, name: p.heading, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: p.menu })).toHaveAttribute("aria-current", "page");
  }
});
