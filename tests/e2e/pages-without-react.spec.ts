/**
 * Pages served without React's scripts (decision 028): the product page opened as a document, the
 * blog and the static pages. They load no script file, and what React did there the HTML and the
 * page's own inline script do: share windows at the spec's sizes, messages that can be dismissed.
 */
import type { Page } from "@playwright/test";
import { MAX_SEARCH_LENGTH } from "../../domain/catalog/limits.ts";
import { createAccount } from "./support/accounts.ts";
import { shopOrigin } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { open, servedWithoutReact } from "./support/navigation.ts";
import { cardProductIds, catalogue, expectFieldError, inMain, productCards, productPage } from "./support/pages.ts";
import { demoAdmin, listProducts, productAt } from "./support/shop-api.ts";

/** The script files a page asks for while it loads. */
async function scriptFilesOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  };
  page.on("request", record);
  // scripts are asked for while the document loads (goto waits for its load event; React pages also hydrate)
  await open(page, path);
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

test("the landing page, the catalogue, the product page, the blog and the static pages load no script file; other pages still run React", async ({
  page,
}) => {
  const product = await productAt(page.request, 17);
  // only pages without React may go without opener isolation (decision 029): every move from them loads a document
  const opener = async (path: string) => (await page.request.get(path)).headers()["cross-origin-opener-policy"];
  for (const path of [
    "/",
    "/product",
    "/product?q=smart&in_stock=true",
    `/product/${product._id}`,
    "/blogs",
    "/blogs/blogDetails1",
    "/about",
    "/storeLocation",
  ]) {
    expect(await scriptFilesOf(page, path), path).toEqual([]);
    expect(await servedWithoutReact(page), path).toBe(true);
    expect(await opener(path), path).toBeUndefined();
  }
  for (const path of ["/cart", "/login"]) {
    expect((await scriptFilesOf(page, path)).length, path).toBeGreaterThan(0);
    expect(await servedWithoutReact(page), path).toBe(false);
    expect(await opener(path), path).toBe("same-origin");
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

test("without React, the catalogue follows its search box and filters in the same page; the fields are never replaced", async ({
  page,
}) => {
  await open(page, "/product");
  expect(await servedWithoutReact(page)).toBe(true);
  // marks on this document and on the fields: gone if a change below loaded a new document or rebuilt a field
  await page.evaluate(() => {
    document.documentElement.setAttribute("data-test-same-document", "");
    for (const field of document.querySelectorAll("form input, form select, form button")) {
      field.setAttribute("data-test-kept", "");
    }
  });
  const sameDocument = () => page.evaluate(() => document.documentElement.hasAttribute("data-test-same-document"));
  const kept = (field: ReturnType<Page["getByRole"]>) => expect(field).toHaveAttribute("data-test-kept", "");

  const box = catalogue.searchBox(page);
  await box.pressSequentially("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("q")).toBe("smart");
  expect(await cardProductIds(page)).toEqual(
    (await listProducts(page.request, { q: "smart", limit: 24 })).map((p) => p._id),
  );
  await expect(box).toBeFocused();
  // the header's sign-in link comes back to the address shown
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    `/login?from=${encodeURIComponent("/product?q=smart")}`,
  );

  // a filter: the address and the search box's form carry it, the checkbox keeps the focus
  const inStock = page.getByRole("checkbox", { name: /^In stock only/ });
  await inStock.check();
  await expect.poll(() => new URL(page.url()).searchParams.get("in_stock")).toBe("true");
  await expect(inStock).toBeChecked();
  await expect(inStock).toBeFocused();
  await box.press("End");
  await box.pressSequentially("phone");
  await expect(catalogue.resultLine(page, "smartphone")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("in_stock")).toBe("true");

  // a price typed just before a word is kept: each form's fields count, not the other's copy of them
  const highest = page.getByLabel("Highest price");
  await highest.fill("5000");
  await box.press("End");
  await box.press("Backspace");
  await expect(catalogue.resultLine(page, "smartphon")).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("max_price")).toBe("5000");
  await highest.fill("");

  // a price the shop cannot read is named beside the field, which keeps its text, caret and focus
  const lowest = page.getByLabel("Lowest price");
  await lowest.pressSequentially("cheap");
  await expectFieldError(lowest, "The lowest price must be a number.");
  await expect(lowest).toHaveValue("cheap");
  await expect(lowest).toBeFocused();
  expect(await lowest.evaluate((field: HTMLInputElement) => field.selectionStart)).toBe(5);
  await lowest.fill("");
  await expect(lowest).not.toHaveAttribute("aria-invalid", "true");

  // Apply, pressed with the keyboard, keeps the focus
  const apply = page.getByRole("button", { name: "Apply" });
  await apply.focus();
  await page.keyboard.press("Enter");
  await expect(apply).toBeFocused();
  for (const field of [box, inStock, highest, lowest, apply, page.getByLabel("Sort by")]) await kept(field);

  // nothing found: the empty state is drawn with its style rules
  await box.fill("zzqx");
  await expect(inMain(page, "No products found")).toBeVisible();
  await expect(productCards(page)).toHaveCount(0);
  const emptyState = page
    .getByRole("main")
    .locator("div", { has: page.getByText("No products found") })
    .last();
  await expect(emptyState).toHaveCSS("border-top-style", "dashed");

  // a paste of any length stays within what the shop reads (an address too long for the server is a 431)
  await box.fill("x".repeat(20_000));
  await expect(box).toHaveValue("x".repeat(MAX_SEARCH_LENGTH));
  await expect(catalogue.resultLine(page, "x".repeat(MAX_SEARCH_LENGTH))).toBeVisible();
  await lowest.fill("9".repeat(20_000));
  await expect.poll(async () => (await lowest.inputValue()).length).toBeLessThanOrEqual(12);
  await lowest.fill("");

  // Enter in the box is followed the same way
  await box.fill("jeans");
  await box.press("Enter");
  await expect(catalogue.resultLine(page, "jeans")).toBeVisible();
  expect(await sameDocument()).toBe(true);
});

test("without React, Back within the catalogue shows what its address asks for", async ({ page }) => {
  await open(page, "/product");
  // "Skip to content" adds an entry to this document's history
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect.poll(() => new URL(page.url()).hash).toBe("#main");
  await catalogue.searchBox(page).pressSequentially("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  await page.goBack();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(page.getByText(/^\d+ products$/)).toBeVisible();
  await expect(catalogue.searchBox(page)).toHaveValue("");
});

test("without React, a change after signing in elsewhere loads the catalogue as a new document", async ({ page }) => {
  await open(page, "/product");
  await page.evaluate(() => document.documentElement.setAttribute("data-test-same-document", ""));
  // signed in meanwhile (in another tab, say): the next answer is personal, and this page was not
  await createAccount(page.request);
  await catalogue.searchBox(page).pressSequentially("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-personal", "");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-test-same-document"))).toBe(false);
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
});

test("without React, signing out elsewhere does not reload the catalogue: it changes in place, with Sign In", async ({
  page,
}) => {
  await createAccount(page.request);
  await open(page, "/product");
  await expect(page.locator("html")).toHaveAttribute("data-personal", "");
  await page.evaluate(() => document.documentElement.setAttribute("data-test-same-document", ""));
  const out = await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin: shopOrigin() } });
  expect(out.status()).toBe(200);
  await catalogue.searchBox(page).pressSequentially("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-test-same-document"))).toBe(true);
});

test("without React, a choice made while an answer is awaited stays chosen, and a focused link keeps the focus", async ({
  page,
}) => {
  await open(page, "/product");
  // the search's answer is held until the visitor has acted meanwhile
  const held = (pattern: RegExp) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked = page.waitForRequest(pattern);
    return page
      .route(pattern, async (route) => {
        await released;
        await route.continue().catch(() => {}); // (the page may have dropped it meanwhile)
      })
      .then(() => ({ asked, release }));
  };

  // a category link focused while the answer is on its way keeps the focus, though the list is shorter after
  const jeans = await held(/\/product\?q=jeans$/);
  await catalogue.searchBox(page).fill("jeans");
  await jeans.asked;
  await catalogue.categoryNav(page).getByRole("link", { name: "Women", exact: true }).focus();
  jeans.release();
  await expect(catalogue.resultLine(page, "jeans")).toBeVisible();
  await expect(catalogue.categoryNav(page).getByRole("link", { name: "Women", exact: true })).toBeFocused();

  // a sort chosen while a search's answer is on its way is not set back by that answer
  const phone = await held(/\/product\?q=phone$/);
  await catalogue.searchBox(page).fill("phone");
  await phone.asked;
  const sort = page.getByLabel("Sort by");
  await sort.selectOption("newest");
  phone.release();
  await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("newest");
  expect(new URL(page.url()).searchParams.get("q")).toBe("phone");
  await expect(sort).toHaveValue("newest");
});

test("without React, the catalogue says Loading… while a slow answer is awaited, and says when the results cannot be loaded", async ({
  page,
}) => {
  await open(page, "/product");
  const status = page.locator("[data-live-status]");
  await expect(status).toHaveRole("status");
  await expect(status).toHaveText("");
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = page.waitForRequest(/\/product\?q=smart$/);
  await page.route(/\/product\?q=smart$/, async (route) => {
    await released;
    await route.continue();
  });
  const box = catalogue.searchBox(page);
  await box.pressSequentially("smart");
  await asked;
  await expect(status).toHaveText("Loading…");
  release();
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  await expect(status).toHaveText("");

  // no network: the page stays as it was, and says so
  await page.route(/\/product\?q=smartw$/, (route) => route.abort("internetdisconnected"));
  await box.press("End");
  await box.pressSequentially("w");
  await expect(status).toHaveText("The results could not be loaded. Check the connection and try again.");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("q")).toBe("smart");
});

/** The catalogue reached by a link from a page that runs React (the cart's "Continue shopping"): React renders it. */
async function openCatalogueWithReact(page: Page): Promise<void> {
  await open(page, "/cart");
  await page.getByRole("main").getByRole("link", { name: "CONTINUE SHOPPING" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Available products" })).toBeVisible();
  expect(await servedWithoutReact(page)).toBe(false);
}

test("reached by a link from a page that runs React, the catalogue's search box is followed by React", async ({
  page,
}) => {
  await openCatalogueWithReact(page);
  await catalogue.searchBox(page).pressSequentially("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("q")).toBe("smart");
  expect(await servedWithoutReact(page)).toBe(false);
});

test("followed by React, a price typed while a search's answer is awaited is kept, as without React", async ({
  page,
}) => {
  await openCatalogueWithReact(page);
  // the answers to the catalogue's changes take a while, as on a slow network
  await page.route(/\/product\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const highest = page.getByLabel("Highest price");
  await highest.fill("5000");
  await catalogue.searchBox(page).pressSequentially("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("max_price")).toBe("5000");
  expect(new URL(page.url()).searchParams.get("q")).toBe("smart");
  await expect(highest).toHaveValue("5000");
  expect(await servedWithoutReact(page)).toBe(false);
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

test("without React, the catalogue takes each new page's style rules with its parts, and looks as with the whole stylesheet", async ({
  page,
}) => {
  const wholeSheet = /<style>([\s\S]*?)<\/style>/.exec(await (await page.request.get("/cart")).text())?.[1] ?? "";
  await page.setViewportSize({ width: 375, height: 900 });
  await open(page, "/product");
  await page.evaluate(() => document.documentElement.setAttribute("data-test-same-document", ""));
  const sameDocument = () => page.evaluate(() => document.documentElement.hasAttribute("data-test-same-document"));
  const ownSheet = () => page.locator("head style").first().textContent();
  const first = await ownSheet();

  // a message shown before the change goes with it (its rules are in no other page)
  await page.evaluate(() => {
    const message = document.createElement("div");
    message.setAttribute("data-toast", "");
    message.className = "bg-red-50";
    message.textContent = "A message about what happened before";
    document.body.append(message);
  });
  const box = catalogue.searchBox(page);
  await box.fill("zzqx");
  await expect(inMain(page, "No products found")).toBeVisible();
  await expect(page.getByText("A message about what happened before")).toHaveCount(0);
  const empty = await ownSheet();
  expect(empty).not.toBe(first);
  expect(await stylesChangedBy(page, wholeSheet), "nothing found").toEqual([]);

  await box.fill("smart");
  await expect(catalogue.resultLine(page, "smart")).toBeVisible();
  await page.getByRole("checkbox", { name: /^In stock only/ }).check();
  await expect.poll(() => new URL(page.url()).searchParams.get("in_stock")).toBe("true");
  expect(await stylesChangedBy(page, wholeSheet), "a search, in stock").toEqual([]);
  expect(await sameDocument()).toBe(true);

  // something on the page that the next page has no rules for: the change loads the page as a document
  await page.evaluate(() =>
    document.body.append(Object.assign(document.createElement("p"), { className: "sr-only-x" })),
  );
  await box.fill("jeans");
  await expect(catalogue.resultLine(page, "jeans")).toBeVisible();
  await expect.poll(sameDocument).toBe(false);
  expect(new URL(page.url()).searchParams.get("q")).toBe("jeans");
  expect(await stylesChangedBy(page, wholeSheet), "loaded as a document").toEqual([]);
});

/** A product of the demo catalogue in three sizes or more. */
async function productInSizes(page: Page): Promise<SizedProduct> {
  const list = await listProducts(page.request, { limit: 40 });
  const details = await Promise.all(
    list.map(async (p) => (await page.request.get(`/api/products/${p._id}`)).json() as Promise<SizedProduct>),
  );
  const sized = details.find((p) => (p.options.find((o) => o.name === "Size")?.values.length ?? 0) >= 3);
  expect(sized, "the demo catalogue has a product in three sizes or more").toBeDefined();
  return sized as SizedProduct;
}

test("without React, arrow keys go through a size group: each choice is sent, and the focus stays on it", async ({
  page,
}) => {
  const sized = await productInSizes(page);
  const sizes = sized.options.find((o) => o.name === "Size")?.values ?? [];

  await open(page, `/product/${sized._id}`);
  const historyBefore = await page.evaluate(() => history.length);
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
  // each choice replaced the address: Back leaves the product page instead of stepping through sizes
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
});

test("without React, the heart says what it did and keeps the variant shown", async ({ page, customer }) => {
  expect(customer.email).toContain("@");
  const sized = await productInSizes(page);
  const variant = sized.variants[sized.variants.length - 1];
  await open(page, `/product/${sized._id}?variant=${variant.id}`);
  expect(await servedWithoutReact(page)).toBe(true);
  await productPage.heart(page).click();
  await expect(page.getByTestId("toast")).toContainText("Added to your wishlist.");
  await expect(productPage.heart(page)).toHaveText("In wishlist");
  expect(new URL(page.url()).searchParams.get("variant")).toBe(variant.id);
  await productPage.heart(page).click();
  await expect(page.getByTestId("toast")).toContainText("Removed from your wishlist.");
  await expect(productPage.heart(page)).toHaveText("Add to wishlist");
});

test("without React, a choice is sent even when an option is named like a form's own method", async ({ page }) => {
  // an option's name is free text and becomes its radios' name, which shadows the form's member of that name
  const list = await listProducts(page.request, { limit: 60 });
  const details = await Promise.all(
    list.map(async (p) => (await page.request.get(`/api/products/${p._id}`)).json() as Promise<DetailedProduct>),
  );
  const coloured = details.findLast((p) => p.options.length === 1 && p.options[0].name === "Colour");
  expect(coloured, "the demo catalogue has a product in colours only").toBeDefined();
  const product = coloured as DetailedProduct;
  const admin = await demoAdmin();
  const renamed = (name: string) => ({
    options: [{ name, values: product.options[0].values }],
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: { [name]: v.options.Colour },
      price: v.price,
      stock: v.stock,
    })),
  });
  const put = (name: string) =>
    admin.put(`/api/products/${product._id}`, { data: renamed(name), headers: { origin: shopOrigin() } });
  expect((await put("requestSubmit")).status()).toBe(200);
  try {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await open(page, `/product/${product._id}`);
    expect(await servedWithoutReact(page)).toBe(true);
    const group = page.getByRole("group", { name: /^requestSubmit/ });
    const other = product.options[0].values.find((v) => v !== product.variants[0].options.Colour) as string;
    await group
      .locator("label")
      .filter({ hasText: new RegExp(`^${other}`) })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get("requestSubmit")).toBe(other);
    await expect(group.locator("input:checked")).toHaveValue(other);
    expect(errors).toEqual([]);
  } finally {
    expect((await put("Colour")).status()).toBe(200);
  }
});

type DetailedProduct = {
  _id: string;
  options: { name: string; values: string[] }[];
  variants: { id: string; sku: string; options: Record<string, string>; price: number; stock: number }[];
};

type SizedProduct = {
  _id: string;
  options: { name: string; values: string[] }[];
  variants: { id: string }[];
};

/**
 * Writes the page's stylesheet over with `css` and answers how each element's computed style
 * changed (at most 10, "TAG #index: property: before → after"), compared in the page. Custom
 * properties are left out: the page's rules keep those that something reads, and one that nothing
 * reads changes nothing on the screen. Transitions (a hovered link's colour) end before each look. The
 * page is left as it was.
 */
function stylesChangedBy(page: Page, css: string): Promise<string[]> {
  return page.evaluate(async (wholeSheet) => {
    // a transition cut short (its property changed again) rejects `finished` with an AbortError: it has ended too
    const settle = () =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const look = () =>
      Array.from(document.querySelectorAll("body *"), (element) => {
        const style = getComputedStyle(element);
        const values = new Map<string, string>();
        for (const name of Array.from(style))
          if (!name.startsWith("--")) values.set(name, style.getPropertyValue(name));
        return { tag: element.tagName, values };
      });
    // a closed <details>' content is not laid out, and its sizes would be whatever the last layout left:
    // the menus are compared open
    const closed = Array.from(document.querySelectorAll<HTMLDetailsElement>("details:not([open])"), (details) => {
      details.open = true;
      return details;
    });
    await settle();
    const before = look();
    const sheet = document.head.querySelector("style");
    const own = sheet?.textContent ?? "";
    if (sheet) sheet.textContent = wholeSheet;
    await settle();
    const after = look();
    // the page as it was, for what the test does next
    if (sheet) sheet.textContent = own;
    for (const details of closed) details.open = false;
    await settle();
    const changes: string[] = [];
    after.forEach(({ tag, values }, i) => {
      for (const [name, value] of values) {
        const old = before[i]?.values.get(name);
        if (old !== value && changes.length < 10) changes.push(`${tag} #${i}: ${name}: ${old} → ${value}`);
      }
    });
    return changes;
  }, css);
}

test("a page without React carries only the style rules it uses, and looks exactly as with the whole stylesheet", async ({
  page,
}) => {
  // a page that runs React carries the whole stylesheet
  const wholeSheet = /<style>([\s\S]*?)<\/style>/.exec(await (await page.request.get("/cart")).text())?.[1] ?? "";
  expect(wholeSheet.length).toBeGreaterThan(20_000);
  const product = await productAt(page.request, 17);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      "/",
      "/product",
      `/product/${product._id}`,
      "/blogs",
      "/blogs/blogDetails1",
      "/about",
      "/storeLocation",
    ]) {
      await open(page, path);
      expect(await servedWithoutReact(page), path).toBe(true);
      const ownSheet = await page.locator("head style").first().textContent();
      expect(ownSheet?.length, path).toBeLessThan(wholeSheet.length * 0.7);
      if (path.startsWith("/product/")) await productPage.shareButton(page).click(); // the dialog's own rules too
      expect(await stylesChangedBy(page, wholeSheet), `${path} at ${width} px`).toEqual([]);
    }
  }
});
