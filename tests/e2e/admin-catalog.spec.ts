/**
 * The admin's catalogue in Chromium, as a shop owner works: editing a product (title, price, a
 * variant's stock) and seeing it in the shop, a second image moved first and the gallery on the
 * shop's product page, a CSV export edited and imported after a dry run, the inventory's inline
 * stock form (and its refusal of a stock typed over a sale); axe-clean pages that fit 375 px.
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { unescapeCell } from "../../domain/catalog/csv-rows.ts";
import {
  createProduct as addProduct,
  expect,
  makePng,
  openAdminPage,
  placeOrderWith,
  removeProduct,
  test,
  uniqueProduct,
  usd,
  withOrigin,
} from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { shopOrigin } from "./support/env.ts";
import { open } from "./support/navigation.ts";

/** A test product with what the detail answer adds (variants, main image). */
type Product = Awaited<ReturnType<typeof addProduct>> & { variants: { sku: string; stock: number }[]; image: string };
const createProduct = async (...args: Parameters<typeof addProduct>) => (await addProduct(...args)) as Product;

test.describe("product editing", () => {
  test("an edited title, price and variant stock show in the shop", async ({ admin }) => {
    const { title } = uniqueProduct("Reading Lamp");
    const product = await createProduct(admin.request, { title, price: 30 });
    try {
      await openAdminPage(admin, `/dashboard/products/${product._id}`, "Edit product");
      const form = admin.getByTestId("edit-product-form");
      const newTitle = `${title} Deluxe`;
      await form.getByLabel("Title").fill(newTitle);
      await form.getByLabel("Price (USD)").fill("34.75");
      await form.getByRole("group", { name: "Default" }).getByLabel("Stock").fill("3");
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(admin.getByTestId("toast")).toContainText("Saved.");

      await open(admin, `/product/${product._id}`);
      await expect(admin.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
      await expect(admin.getByText(usd(34.75)).first()).toBeVisible();
      await expect(admin.getByText("Only 3 left")).toBeVisible();
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("a sale made while the page was open keeps its stock; typing over it shows why beside the field", async ({
    admin,
  }) => {
    const { title } = uniqueProduct("Counted Lamp");
    const product = await createProduct(admin.request, { title, price: 30 });
    try {
      await openAdminPage(admin, `/dashboard/products/${product._id}`, "Edit product");
      const form = admin.getByTestId("edit-product-form");
      const stockField = form.getByRole("group", { name: "Default" }).getByLabel("Stock");
      const shown = Number(await stockField.inputValue());
      // meanwhile the stock changes (an order, another admin)
      const detail = await (await admin.request.get(`/api/products/${product._id}`)).json();
      const variantId = detail.variants[0].id as string;
      const meanwhile = shown + 7;
      const patched = await admin.request.patch(`/api/variants/${variantId}`, {
        data: { stock: meanwhile },
        headers: withOrigin(),
      });
      expect(patched.status()).toBe(200);

      await form.getByLabel("Title").fill(`${title} II`);
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(admin.getByTestId("toast")).toContainText("Saved.");
      const kept = await (await admin.request.get(`/api/products/${product._id}`)).json();
      expect(kept.variants[0].stock).toBe(meanwhile);

      // a page still showing the old stock, typed over
      await admin.request.patch(`/api/variants/${variantId}`, {
        data: { stock: meanwhile + 1 },
        headers: withOrigin(),
      });
      await stockField.fill("2");
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(
        form.getByText("The stock changed meanwhile (an order?): reload the page to see it, then save again."),
      ).toBeVisible();
      const after = await (await admin.request.get(`/api/products/${product._id}`)).json();
      expect(after.variants[0].stock).toBe(meanwhile + 1);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("shows the message beside a bad field and saves nothing", async ({ admin }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct().title });
    try {
      await openAdminPage(admin, `/dashboard/products/${product._id}`, "Edit product");
      const form = admin.getByTestId("edit-product-form");
      await form.getByLabel("Price (USD)").fill("12.345");
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(form.getByText("Price can have at most two decimals.")).toBeVisible();
      await expect(form.getByLabel("Price (USD)")).toHaveAttribute("aria-invalid", "true");
      const api = await (await admin.request.get(`/api/products/${product._id}`)).json();
      expect(api.price).toBe(42.5);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("a second image can be added and moved first, becoming the shop's main image", async ({ admin }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Vase").title });
    try {
      await openAdminPage(admin, `/dashboard/products/${product._id}`, "Edit product");
      await admin.getByLabel("Add an image").setInputFiles({
        name: "second.png",
        mimeType: "image/png",
        buffer: await makePng(400, 300, { r: 200, g: 40, b: 40 }),
      });
      await admin.getByLabel("Its alt text").fill("The vase from the side");
      await admin.getByRole("button", { name: "Upload image" }).click();
      await expect(admin.getByTestId("gallery-image")).toHaveCount(2);
      await admin.getByRole("button", { name: "Move earlier: image 2" }).click();
      await expect(admin.getByTestId("gallery-image").first().getByRole("img")).toHaveAttribute(
        "alt",
        "The vase from the side",
      );
      const api = await (await admin.request.get(`/api/products/${product._id}`)).json();
      expect(api.gallery.map((i: { alt: string }) => i.alt)).toEqual(["The vase from the side", ""]);
      expect(api.image).toBe(api.gallery[0].image);
      expect(api.image).not.toBe(product.image);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("the shop's product page shows the gallery: a thumbnail shows its picture, with or without JavaScript", async ({
    admin,
    browser,
  }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Jug").title });
    try {
      const added = await admin.request.post(`/api/products/${product._id}/images`, {
        multipart: {
          image: { name: "back.png", mimeType: "image/png", buffer: await makePng(400, 400, { r: 20, g: 160, b: 60 }) },
          alt: "The jug from the back",
        },
        headers: withOrigin(),
      });
      expect(added.status(), await added.text()).toBe(201);
      const gallery = (await added.json()) as { id: string; image: string; alt: string }[];
      expect(gallery).toHaveLength(2);
      const back = gallery[1];

      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ javaScriptEnabled, baseURL: shopOrigin() });
        const visitor = await context.newPage();
        if (javaScriptEnabled) await open(visitor, `/product/${product._id}`);
        else await visitor.goto(`/product/${product._id}`);
        const thumbnails = visitor.getByRole("list", { name: `Pictures of ${product.title}` }).getByRole("link");
        await expect(thumbnails).toHaveCount(2);
        await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");
        // with the page script, the picture changes in place: the same document, where the visitor had scrolled
        // to, and no history entry (without it, the link loads the page again)
        const where = () =>
          visitor.evaluate(() => ({
            sameDocument: "beforeThumbnail" in window,
            scrolledTo: Math.round(scrollY),
            historyEntries: history.length,
          }));
        await visitor.setViewportSize({ width: 375, height: 600 });
        await thumbnails.first().evaluate((thumbnail) => thumbnail.scrollIntoView({ block: "center" }));
        await visitor.evaluate(() => Object.assign(window, { beforeThumbnail: true }));
        const before = await where();
        expect(before.scrolledTo).toBeGreaterThan(0);
        await thumbnails.getByRole("img", { name: "The jug from the back" }).click();
        const main = visitor.getByRole("img", { name: "The jug from the back", exact: true }).first();
        await expect(main).toHaveAttribute("src", back.image.replace("-480.webp", "-1200.webp"));
        await expect(main).toHaveAttribute("srcset", new RegExp(back.image.replace("-480.webp", "-480.webp 480w")));
        await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
        await expect(thumbnails.first()).not.toHaveAttribute("aria-current");
        expect(new URL(visitor.url()).searchParams.get("image")).toBe(back.id);
        if (javaScriptEnabled) expect(await where()).toEqual(before);
        if (javaScriptEnabled) {
          await expectNoAxeViolations(visitor);
          // a thumbnail link that leads anywhere but this page is followed, not shown in place
          await thumbnails.first().evaluate((link: HTMLAnchorElement) => {
            link.href = "/about";
          });
          await thumbnails.first().click();
          await expect(visitor).toHaveURL(/\/about$/);
          expect(await visitor.evaluate(() => "beforeThumbnail" in window)).toBe(false); // a new document
        }
        await context.close();
      }
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });
});

test.describe("products CSV", () => {
  test("export, change a price in the file, preview the import, then import it", async ({ admin }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Teapot").title, price: 20 });
    try {
      await openAdminPage(admin, "/dashboard/products", "All Product");
      const downloading = admin.waitForEvent("download");
      await admin.getByRole("link", { name: "Export products (CSV)" }).click();
      const download = await downloading;
      const csv = readFileSync((await download.path()) as string, "utf8");
      const records: string[][] = parse(csv, { bom: true });
      const header = records[0];
      // an id may start with "-": the export escapes it like any cell a spreadsheet would run
      const row = records.find((r) => unescapeCell(r[header.indexOf("product_id")]) === product._id);
      expect(row, "the product's row").toBeDefined();
      (row as string[])[header.indexOf("price")] = "23.40";
      const edited = [header, row as string[]]
        .map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(","))
        .join("\r\n");

      await admin.getByLabel("CSV file to import").setInputFiles({
        name: "prices.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(edited),
      });
      await admin.getByRole("button", { name: "Preview import" }).click();
      const result = admin.getByTestId("import-result");
      await expect(result).toContainText("Preview of prices.csv: would create 0, would update 1.");
      expect((await (await admin.request.get(`/api/products/${product._id}`)).json()).price).toBe(20);

      await result.getByRole("button", { name: "Import 1 row" }).click();
      await expect(admin.getByTestId("import-result")).toContainText("Imported prices.csv: created 0, updated 1.");
      expect((await (await admin.request.get(`/api/products/${product._id}`)).json()).price).toBe(23.4);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });

  test("a file with bad rows is refused with every row named, and the columns it does not read", async ({ admin }) => {
    await openAdminPage(admin, "/dashboard/products", "All Product");
    await admin.getByLabel("CSV file to import").setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("sku,title,category,price,stock,notes\nBAD SKU,X,Shoes,1,1,\nOK-1,Y,Shoes,free,1,check\n"),
    });
    await admin.getByRole("button", { name: "Preview import" }).click();
    const result = admin.getByTestId("import-result");
    await expect(result).toContainText("2 rows need attention");
    await expect(result.getByRole("listitem")).toHaveText([/^Row 2: sku/, /^Row 3: price/]);
    await expect(result.getByTestId("import-ignored-columns")).toHaveText(
      "Not read (the import knows only the export's columns): “notes”.",
    );
  });
});

test.describe("inventory", () => {
  test("a variant's stock is edited in place", async ({ admin }) => {
    const product = await createProduct(admin.request, { title: uniqueProduct("Mug").title });
    const sku = product.variants[0].sku;
    try {
      await openAdminPage(admin, `/dashboard/inventory?q=${encodeURIComponent(sku)}`, "Inventory");
      const row = admin.getByTestId("inventory-row").filter({ hasText: sku });
      await row.getByRole("textbox", { name: `Stock of ${sku}` }).fill("4");
      await row.getByRole("button", { name: `Save stock of ${sku}` }).click();
      await expect(row.getByRole("status")).toContainText("Saved");
      await expect(row.getByRole("status")).toContainText("Low");
      expect(admin.url()).toContain("/dashboard/inventory");
      const api = await (await admin.request.get(`/api/products/${product._id}`)).json();
      expect(api.variants[0].stock).toBe(4);

      await open(admin, `/dashboard/inventory?q=${encodeURIComponent(sku)}&low=1`);
      await expect(admin.getByTestId("inventory-row")).toHaveCount(1);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });
});

test.describe("inventory, a sale made while the page was open", () => {
  test("the old figure plus 10 is refused beside the row with the stock unchanged; the advised figure is saved", async ({
    admin,
    page,
    customer,
  }) => {
    test.setTimeout(60_000);
    expect(customer.email).toContain("@");
    const product = await createProduct(admin.request, { title: uniqueProduct("Kettle").title });
    const sku = product.variants[0].sku;
    const stockNow = async () =>
      (await (await admin.request.get(`/api/products/${product._id}`)).json()).variants[0].stock;
    try {
      await openAdminPage(admin, `/dashboard/inventory?q=${encodeURIComponent(sku)}`, "Inventory");
      const row = admin.getByTestId("inventory-row").filter({ hasText: sku });
      const field = row.getByRole("textbox", { name: `Stock of ${sku}` });
      const shown = Number(await field.inputValue());
      // a customer orders 3 while the admin's page is open
      for (let i = 0; i < 3; i++) await placeOrderWith(page.request, product._id);
      expect(await stockNow()).toBe(shown - 3);

      // the admin received 10 more and types what the page showed plus 10
      await field.fill(String(shown + 10));
      await row.getByRole("button", { name: `Save stock of ${sku}` }).click();
      await expect(row.getByText(`${sku} had ${shown} when you read it and has ${shown - 3} now`)).toBeVisible();
      await expect(row.getByText(`To keep that change and yours, save ${shown + 7}.`)).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveValue(String(shown - 3));
      await expect(row.getByRole("status")).not.toContainText("Saved");
      expect(await stockNow()).toBe(shown - 3);

      await field.fill(String(shown + 7));
      await row.getByRole("button", { name: `Save stock of ${sku}` }).click();
      await expect(row.getByRole("status")).toContainText("Saved");
      await expect(field).not.toHaveAttribute("aria-invalid");
      expect(await stockNow()).toBe(shown + 7);
    } finally {
      await removeProduct(admin.request, product._id);
    }
  });
});

test.describe("the admin catalogue pages", () => {
  const pages = [
    { name: "product list", heading: "All Product", path: () => "/dashboard/products" },
    { name: "edit page", heading: "Edit product", path: (id: string) => `/dashboard/products/${id}` },
    { name: "inventory", heading: "Inventory", path: () => "/dashboard/inventory" },
  ];
  for (const p of pages) {
    test(`the ${p.name} has no axe violations and fits 1280 and 375 px screens`, async ({ admin }) => {
      test.setTimeout(60_000);
      const product = await createProduct(admin.request, { title: uniqueProduct("Clock").title });
      try {
        for (const width of [1280, 375]) {
          await admin.setViewportSize({ width, height: 900 });
          await openAdminPage(admin, p.path(product._id), p.heading);
          await expectNoAxeViolations(admin);
          const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${p.name} at ${width} px`).toBeLessThanOrEqual(width);
        }
      } finally {
        await removeProduct(admin.request, product._id);
      }
    });
  }
});
