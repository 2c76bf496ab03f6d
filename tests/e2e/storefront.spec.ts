// The storefront a visitor sees: the landing page, the catalogue with search, categories and pages,
// the product detail page (metadata, share dialog, wishlist heart), and not-found pages.
import type { Page } from "@playwright/test";
import { HOME_STRIP_SIZE } from "../../app/lib/page-sizes.ts";
import { createAccount, signIn } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectLoginRedirect, open, servedWithoutReact } from "./support/navigation.ts";
import {
  cardProductIds,
  cardTitles,
  catalogue,
  expectOnlyProducts,
  inMain,
  productCards,
  productPage,
} from "./support/pages.ts";
import { featuresOf, formatUsd, listProducts, productAt } from "./support/shop-api.ts";

test.describe("landing page", () => {
  for (const path of ["/", "/home"]) {
    test(`${path} shows the hero, the shipping strip and both product sections`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(200);

      const hero = page.getByRole("region", { name: "Featured" });
      await expect(hero.getByRole("link", { name: "Explore Now" })).toHaveAttribute("href", "/product");
      await expect(hero.getByRole("link", { name: "SHOP NOW" })).toHaveAttribute("href", "/product");

      const strip = page.getByRole("region", { name: "Why shop with us" });
      await expect(strip).toContainText("Free shipping");
      await expect(strip).toContainText("On all US orders or orders above $100");
      await expect(strip).toContainText("Support 24/7");
      await expect(strip).toContainText("30 days return");

      const bestSelling = page.getByRole("region", { name: "Best Selling" });
      const featured = page.getByRole("region", { name: "Featured Collection" });
      await expect(productCards(bestSelling)).toHaveCount(HOME_STRIP_SIZE);
      await expect(productCards(featured)).toHaveCount(HOME_STRIP_SIZE);
      // two different sets of products (the first HOME_STRIP_SIZE catalogue positions, then the next)
      const best = await cardProductIds(bestSelling);
      const feat = await cardProductIds(featured);
      expect(new Set([...best, ...feat]).size, `${2 * HOME_STRIP_SIZE} different products`).toBe(2 * HOME_STRIP_SIZE);

      await expect(page.getByRole("heading", { name: "What People Say About Us" })).toBeVisible();
    });
  }

  test("Explore Now leads to the catalogue", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Explore Now" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByRole("heading", { level: 1, name: "Available products" })).toBeVisible();
  });

  test("SHOP NOW on the second hero slide leads to the catalogue", async ({ page }) => {
    await open(page, "/");
    const hero = page.getByRole("region", { name: "Featured" });
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(hero.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
    await hero.getByRole("link", { name: "SHOP NOW" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByRole("heading", { level: 1, name: "Available products" })).toBeVisible();
  });

  test("the hero's arrows count from the slide they go to, even while it is still sliding", async ({ page }) => {
    await open(page, "/");
    const hero = page.getByRole("region", { name: "Featured", exact: true });
    const dot = (n: number) => hero.getByRole("button", { name: `Show slide ${n}` });
    // the slide the track comes to rest on (its scroll position unchanged for ten frames)
    const restingSlide = () =>
      hero.locator("[data-carousel-track]").evaluate(
        (t) =>
          new Promise<number>((resolve) => {
            let last = -1;
            let still = 0;
            const frame = () => {
              still = t.scrollLeft === last ? still + 1 : 0;
              last = t.scrollLeft;
              if (still >= 10) resolve(Math.round(t.scrollLeft / t.clientWidth) + 1);
              else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          }),
      );
    // two slides: a second step forward wraps to the first
    await expect(hero.locator('li[aria-roledescription="slide"]')).toHaveCount(2);
    // two clicks in one go, before the smooth scroll of the first has moved: the second counts from where the first goes
    const clickTwice = (first: string, second: string) =>
      hero.evaluate(
        (root, labels) => {
          for (const label of labels) root.querySelector<HTMLElement>(`button[aria-label="${label}"]`)?.click();
        },
        [first, second],
      );
    await clickTwice("Next slide", "Previous slide");
    expect(await restingSlide()).toBe(1);
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    await clickTwice("Next slide", "Next slide");
    expect(await restingSlide()).toBe(1);
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    // one step at a time still turns
    await hero.getByRole("button", { name: "Next slide" }).click();
    expect(await restingSlide()).toBe(2);
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
  });

  for (const { width, perView } of [
    { width: 375, perView: 1 },
    { width: 1440, perView: 2 },
  ]) {
    test(`the testimonial slider shows ${perView} slide(s) at a time at ${width} px, with dots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/");
      const slider = page.getByRole("region", { name: "Customer testimonials" });
      const slides = slider.locator('li[aria-roledescription="slide"]');
      const total = await slides.count();
      expect(total).toBeGreaterThan(perView);

      await expect(slider.locator('li[aria-roledescription="slide"][aria-hidden="false"]')).toHaveCount(perView);
      const dots = slider.getByRole("button", { name: /^Show testimonials / });
      await expect(dots).toHaveCount(Math.ceil(total / perView));

      // each slide takes 1/perView of the slider's width
      const sliderWidth = (await slider.boundingBox())?.width ?? 0;
      const slideWidth = (await slides.first().boundingBox())?.width ?? 0;
      expect(Math.abs(slideWidth - sliderWidth / perView)).toBeLessThan(2);

      // a dot shows its page of testimonials
      await dots.last().click();
      await expect(dots.last()).toHaveAttribute("aria-current", "true");
      await expect(slides.last()).toHaveAttribute("aria-hidden", "false");
      await expect(slider.locator('li[aria-roledescription="slide"][aria-hidden="false"]')).toHaveCount(
        total - perView * (Math.ceil(total / perView) - 1),
      );

      // and the first dot brings the first page back into view (the track goes back to no transform)
      await dots.first().click();
      await expect(dots.first()).toHaveAttribute("aria-current", "true");
      await expect(slides.first()).toHaveAttribute("aria-hidden", "false");
      await expect
        .poll(async () =>
          Math.abs(((await slides.first().boundingBox())?.x ?? -1) - ((await slider.boundingBox())?.x ?? 0)),
        )
        .toBeLessThan(2);
    });
  }
});

test.describe("landing page carousels (run by the page script, with or without React)", () => {
  const testimonials = (page: Page) => page.getByRole("region", { name: "Customer testimonials" });
  const shownTestimonials = (page: Page) =>
    testimonials(page).locator('li[aria-roledescription="slide"][aria-hidden="false"]');
  const currentDot = (page: Page) => testimonials(page).locator('button[aria-current="true"]:visible');

  test("reached by a link from a page that runs React, the hero and the testimonials still turn", async ({ page }) => {
    await open(page, "/cart");
    expect(await servedWithoutReact(page)).toBe(false);
    await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
    const hero = page.getByRole("region", { name: "Featured" });
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(hero.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
    await expect(hero.getByRole("button", { name: "Show slide 1" })).not.toHaveAttribute("aria-current", "true");
    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expect(hero.getByRole("button", { name: "Show slide 1" })).toHaveAttribute("aria-current", "true");

    const dots = testimonials(page).getByRole("button", { name: /^Show testimonials / });
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(shownTestimonials(page).first()).toHaveAttribute("aria-label", /^3 of /);
    expect(await servedWithoutReact(page)).toBe(false); // (still the React page: no document was loaded)
  });

  test("the testimonials play every 5 s, wait while hovered, and stay still for reduced motion", async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/");
    await expect(shownTestimonials(page).first()).toHaveAttribute("aria-label", /^1 of /);
    await page.clock.runFor(5_600);
    await expect(shownTestimonials(page).first()).toHaveAttribute("aria-label", /^3 of /);
    await expect(currentDot(page)).toHaveAccessibleName(/^Show testimonials 3 to /);

    // held under the pointer: no turn, and its changes are announced
    await testimonials(page).hover();
    await expect(testimonials(page).locator("[data-carousel-track]")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(11_000);
    await expect(shownTestimonials(page).first()).toHaveAttribute("aria-label", /^3 of /);
    await page.mouse.move(0, 0);
    await expect(testimonials(page).locator("[data-carousel-track]")).toHaveAttribute("aria-live", "off");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.runFor(11_000);
    await expect(shownTestimonials(page).first()).toHaveAttribute("aria-label", /^3 of /);
  });

  test("a phone shows one testimonial a page, and turning the screen wide shows two", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "/");
    await expect(shownTestimonials(page)).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(shownTestimonials(page)).toHaveCount(2);
  });
});

test.describe("on a phone's screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

  test("a product card fetches the small picture: two cards share the width", async ({ page }) => {
    // the catalogue: on the landing page the hero's large picture of a product may stand in for its card's
    await open(page, "/product");
    const picture = productCards(page).first().locator("img");
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/-480\.webp$/);
    const shown = await picture.evaluate((img) => img.getBoundingClientRect().width);
    expect(shown * 2).toBeLessThanOrEqual(480); // 480 px are enough for its place at two device pixels
  });
});

test.describe("the header's menu on a phone", () => {
  for (const path of ["/", "/cart"]) {
    test(`on ${path} it closes with Escape, back on its button, and when the focus leaves it`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await open(page, path);
      const button = page.getByRole("banner").locator('summary[aria-label="Menu"]');
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await button.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(menu).toBeVisible();
      const links = await menu.getByRole("link").count();
      for (let i = 0; i < links; i++) await page.keyboard.press("Tab");
      await expect(menu).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(menu).toBeHidden();
    });
  }
});

test.describe("catalogue", () => {
  test("a search's sort offers Best match once, and an address asking for relevance shows it chosen", async ({
    page,
  }) => {
    await open(page, "/product?q=jeans&sort=relevance");
    const sort = page.getByLabel("Sort by");
    await expect(sort.locator("option", { hasText: "Best match" })).toHaveCount(1);
    await expect(sort).toHaveValue("");
    await expect(sort.locator("option:checked")).toHaveText("Best match");
    // the next change asks for the search's own order without naming it
    await page.getByRole("checkbox", { name: /^In stock only/ }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get("in_stock")).toBe("true");
    expect(new URL(page.url()).searchParams.has("sort")).toBe(false);
    expect(new URL(page.url()).searchParams.get("q")).toBe("jeans");
  });

  test("lists products as cards with title, price, View and Buy Now", async ({ page }) => {
    await open(page, "/product");
    await expect(page.getByRole("heading", { level: 1, name: "Available products" })).toBeVisible();
    await expect(catalogue.searchBox(page)).toBeVisible();

    const cards = productCards(page);
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const title = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
      expect(title).not.toBe("");
      await expect(card).toContainText(/Price: \$[\d,]+\.\d{2}/);
      const view = card.getByRole("link", { name: /^View\b/ });
      const buy = card.getByRole("link", { name: /^Buy\b/ });
      await expect(view).toHaveText("View");
      await expect(buy).toHaveText("Buy Now");
      const id = (await view.getAttribute("href"))?.replace("/product/", "");
      expect(id).toBeTruthy();
      await expect(buy).toHaveAttribute("href", `/buyProducts/${id}`);
    }
  });

  test("View opens the product and Buy Now the order form (after signing in)", async ({ page }) => {
    await open(page, "/product");
    const card = productCards(page).first();
    const title = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
    const id = (await cardProductIds(page))[0];
    await card.getByRole("link", { name: /^View\b/ }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    await page.goBack();
    await expect(page).toHaveURL(/\/product$/);
    await productCards(page)
      .filter({ hasText: title })
      .getByRole("link", { name: /^Buy\b/ })
      .click();
    await expectLoginRedirect(page, `/buyProducts/${id}`);
  });

  test("search narrows the results on every keystroke, without pressing Enter", async ({ page }) => {
    await open(page, "/product");
    const box = catalogue.searchBox(page);
    await box.click();
    const typed = "SmArT";
    for (let i = 1; i <= typed.length; i++) {
      const prefix = typed.slice(0, i);
      await box.pressSequentially(typed[i - 1]);
      await expect(catalogue.resultLine(page, prefix)).toBeVisible();
      expect(new URL(page.url()).searchParams.get("q")).toBe(prefix);
      // the page lists what the search API finds for the text typed so far (by relevance)
      const expected = (await listProducts(page.request, { q: prefix, limit: 24 })).map((p) => p._id);
      // a single letter is a whole word (the start of a word counts from two letters): no demo text has a word "s"
      if (prefix.length >= 2) expect(expected.length, `results for "${prefix}"`).toBeGreaterThan(0);
      expect(await cardProductIds(page), `results for "${prefix}"`).toEqual(expected);
    }
    // the search narrowed the catalogue to the products with a word starting "smart" (Smartphones, Smartwatches,
    // Smart TVs, and a watch with "smart notifications"), those with it in the title first
    const titles = await cardTitles(page);
    const inTitle = titles.map((t) => /\bsmart/i.test(t));
    expect(inTitle[0]).toBe(true);
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
    const all = await listProducts(page.request);
    expect(titles.length).toBeLessThan(all.length);
  });

  test("a search with no match says so", async ({ page }) => {
    await open(page, "/product");
    await catalogue.searchBox(page).pressSequentially("zzqx");
    await expect(inMain(page, "No products found")).toBeVisible();
    await expect(productCards(page)).toHaveCount(0);
  });

  test("a page number past the last page says so and leads to the last page", async ({ page }) => {
    await open(page, "/product?page=999");
    await expect(inMain(page, "This page is past the last one")).toBeVisible();
    await expect(inMain(page, "No products found")).toHaveCount(0);
    await expect(productCards(page)).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "Go to the last page" }).click();
    await expect(page).toHaveURL(/\/product(\?page=\d+)?$/);
    await expect(productCards(page).first()).toBeVisible();
  });

  test("category links filter the catalogue", async ({ page }) => {
    await open(page, "/product");
    await catalogue.categoryNav(page).getByRole("link", { name: "Phones", exact: true }).click();
    await expect(page).toHaveURL(/\/product\?category=phones$/);
    await expect(catalogue.categoryNav(page).getByRole("link", { name: "Phones", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const phones = await listProducts(page.request, { category: "phones" });
    await expectOnlyProducts(
      page,
      phones.map((p) => p._id),
    );
    await expect(productCards(page)).toHaveCount(phones.length);
  });

  test("page 2 shows other products, and the order stays put across reloads", async ({ page }) => {
    // toPass: an admin test may add or delete a product meanwhile, which shifts pages; try again then
    await expect(async () => {
      await open(page, "/product");
      const first = await cardProductIds(page);
      expect(first.length).toBeGreaterThan(1);

      await catalogue.pagination(page).getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(catalogue.pagination(page).getByRole("link", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const second = await cardProductIds(page);
      expect(second.length).toBeGreaterThan(0);
      expect(
        second.filter((id) => first.includes(id)),
        "products on both pages",
      ).toEqual([]);

      await page.reload();
      expect(await cardProductIds(page)).toEqual(second);
      await open(page, "/product");
      expect(await cardProductIds(page)).toEqual(first);
    }).toPass({ timeout: 20_000 });
  });
});

test.describe("catalogue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form works as a plain GET form", async ({ page }) => {
    await page.goto("/product");
    await catalogue.searchBox(page).fill("jeans");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/product\?q=jeans$/);
    await expect(catalogue.resultLine(page, "jeans")).toBeVisible();
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain("jeans");
  });

  test("price, stock and sort filters are plain links and a GET form", async ({ page }) => {
    await page.goto("/product?q=jeans");
    await page.getByLabel("Highest price").fill("100");
    await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/max_price=100/);
    await expect(page).toHaveURL(/sort=price_asc/);
    const prices = await page
      .getByRole("main")
      .locator("article p", { hasText: /^Price:/ })
      .allTextContents();
    const values = prices.map((p) => Number(p.replace(/[^0-9.]/g, "")));
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v).toBeLessThanOrEqual(100);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  test("a typo still finds the product, and a search that finds nothing offers a better one", async ({ page }) => {
    await page.goto("/product?q=sneakres");
    await expect(page.getByText("Including results for “sneakers”.")).toBeVisible();
    for (const title of await cardTitles(page)) expect(title).toMatch(/Sneakers/);
    await page.goto("/product?q=bots");
    await expect(inMain(page, "No products found")).toBeVisible();
    await page.getByRole("link", { name: "boots", exact: true }).click();
    await expect(page).toHaveURL(/q=boots/);
    for (const title of await cardTitles(page)) expect(title).toMatch(/Boots/);
  });

  test("a bad price is named beside the field, and the rest of the page works", async ({ page }) => {
    await page.goto("/product?min_price=cheap");
    await expect(page.getByText("The lowest price must be a number.")).toBeVisible();
    expect(await cardTitles(page)).not.toHaveLength(0);
  });
});

test.describe("product detail", () => {
  test("shows title, approximate price, categories, features and structured data", async ({ page }) => {
    const product = await productAt(page.request, 2);
    const response = await open(page, `/product/${product._id}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
    await expect(page.getByRole("img", { name: product.title })).toBeVisible();
    // written as prices are: "$89.00", not "$89" or "$89.5"
    await expect(inMain(page, `(approx. ${formatUsd(product.price)})`)).toBeVisible();
    await expect(inMain(page, /^Categories:/)).toBeVisible();
    for (const category of product.categories) {
      await expect(inMain(page, /^Categories:/).getByRole("link", { name: category.name })).toHaveAttribute(
        "href",
        `/product?category=${category.slug}`,
      );
    }
    for (const feature of featuresOf(product)) await expect(inMain(page, feature)).toBeVisible();
    // BUY sends the add-to-cart form's variant and quantity to the order form (buy-quantity.spec.ts)
    const buy = page.getByRole("button", { name: "BUY" });
    await expect(buy).toHaveAttribute("formaction", `/buyProducts/${product._id}`);
    await expect(buy).toHaveAttribute("formmethod", "get");

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const productLd = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Product");
    expect(productLd, "a JSON-LD Product").toBeTruthy();
    expect(productLd.name).toBe(product.title);
    const offer = productLd.offers;
    if (offer["@type"] === "AggregateOffer") {
      expect(Number(offer.lowPrice)).toBeLessThanOrEqual(product.price);
      expect(Number(offer.highPrice)).toBeGreaterThanOrEqual(product.price);
      expect(offer.offers).toHaveLength(offer.offerCount);
    } else {
      expect(offer.price).toBe(product.price.toFixed(2));
    }
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", product.title);
  });

  test("the Share dialog opens with the keyboard, links to this product, and closes on Escape", async ({ page }) => {
    const product = await productAt(page.request, 3);
    await open(page, `/product/${product._id}`);
    const dialog = productPage.shareDialog(page);
    await expect(dialog).toBeHidden();

    await productPage.shareButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    // focus moved into the dialog
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    for (const network of ["Facebook", "Twitter", "LinkedIn", "E-mail"]) {
      const href = (await dialog.getByRole("link", { name: network, exact: true }).getAttribute("href")) ?? "";
      expect(decodeURIComponent(href), `${network} share link`).toContain(`/product/${product._id}`);
    }
    await expect(dialog.getByRole("textbox", { name: "Link" })).toHaveValue(new RegExp(`/product/${product._id}$`));

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the wishlist heart sends a signed-out visitor to sign in, then back to the product", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const product = await productAt(page.request, 4);
    await open(page, `/product/${product._id}`);
    await expect(productPage.heart(page)).toHaveText("Add to wishlist");

    await productPage.heart(page).click();
    await expectLoginRedirect(page, `/product/${product._id}`);

    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
  });
});

test.describe("not-found pages", () => {
  for (const path of ["/product/no-such-product-id", "/no/such/page", "/blogs/blogDetails9"]) {
    test(`${path} is a 404 with a Back To Home link`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await page.getByRole("link", { name: "Back To Home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("region", { name: "Best Selling" })).toBeVisible();
    });
  }
});
