// The shop's other public pages (about, blogs, contact, store locations), the crawler files, and
// the header and footer every page shares.
import { expect, test } from "./support/fixtures.ts";
import { open } from "./support/navigation.ts";
import {
  catalogue,
  expectFieldError,
  expectOnlyProducts,
  expectSignedInHeader,
  expectSignedOutHeader,
  footer,
  header,
  inMain,
} from "./support/pages.ts";
import { listProducts, productAt } from "./support/shop-api.ts";

const ARTICLES = ["blogDetails1", "blogDetails2", "blogDetails3", "blogDetails4"];

test("/about shows the mission and three team cards", async ({ page }) => {
  const response = await open(page, "/about");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Our mission" })).toBeVisible();
  const team = page.getByRole("region", { name: "Meet the team" });
  await expect(team.getByRole("listitem")).toHaveCount(3);
  await expect(team.getByRole("heading", { level: 3 })).toHaveCount(3);
});

test("/blogs lists four articles, each with a Read more link", async ({ page }) => {
  const response = await open(page, "/blogs");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
  const readMore = page.getByRole("link", { name: /^Read more/ });
  await expect(readMore).toHaveCount(4);
  const hrefs = await readMore.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect([...hrefs].sort()).toEqual(ARTICLES.map((slug) => `/blogs/${slug}`));
  await expect(page.getByRole("complementary", { name: "Recent articles" })).toBeVisible();

  const target = (await readMore.first().getAttribute("href")) ?? "";
  await readMore.first().click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
});

for (const slug of ARTICLES) {
  test(`/blogs/${slug} shows the article with its tags and a breadcrumb to /blogs`, async ({ page }) => {
    const response = await open(page, `/blogs/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Blogs" })).toHaveAttribute("href", "/blogs");
    const tags = page.getByRole("heading", { name: "Tags:" }).locator("xpath=..").getByRole("listitem");
    await expect(tags).toHaveText(["Accessories", "Electronics"]);

    await breadcrumb.getByRole("link", { name: "Blogs" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });
}

test.describe("contact", () => {
  test("shows the opening hours, every day 9:00 to 17:00", async ({ page }) => {
    await open(page, "/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    await expect(inMain(page, /9:00\s*[–-]\s*17:00/).first()).toBeVisible();
  });

  test("sending an empty form shows a message beside each required field", async ({ page }) => {
    await open(page, "/contact");
    await page.getByRole("button", { name: "Send" }).click();
    await expectFieldError(page.getByRole("textbox", { name: "Name", exact: true }), /required/i);
    await expectFieldError(page.getByRole("textbox", { name: "Email", exact: true }), /email/i);
    await expectFieldError(page.getByRole("textbox", { name: "Message", exact: true }), /required/i);
    await expect(page.getByRole("status").filter({ hasText: "your message has been sent" })).toHaveCount(0);
  });

  test("a valid message is confirmed and the form is cleared", async ({ page }) => {
    await open(page, "/contact");
    const fields = {
      Name: page.getByRole("textbox", { name: "Name", exact: true }),
      Email: page.getByRole("textbox", { name: "Email", exact: true }),
      Message: page.getByRole("textbox", { name: "Message", exact: true }),
    };
    await fields.Name.fill("Grace Hopper");
    await fields.Email.fill("grace@example.com");
    await page.getByRole("textbox", { name: /^Phone/ }).fill("+1 555 010 2030");
    await fields.Message.fill("Do you ship the Aurora X2 to Sofia?");
    await page.getByRole("button", { name: "Send" }).click();

    await expect(page.getByRole("status").filter({ hasText: "your message has been sent" })).toBeVisible();
    for (const field of Object.values(fields)) {
      await expect(field).toHaveValue("");
      await expect(field).not.toHaveAttribute("aria-invalid", "true");
    }
    await expect(page.getByRole("textbox", { name: /^Phone/ })).toHaveValue("");
  });
});

test("/storeLocation lists the stores in Bulgaria, Dubai and Indonesia", async ({ page }) => {
  const response = await open(page, "/storeLocation");
  expect(response?.status()).toBe(200);
  const stores = page.getByRole("region", { name: "Stores" }).getByRole("article");
  await expect(stores).toHaveCount(3);
  for (const country of ["Bulgaria", "Dubai", "Indonesia"]) {
    await expect(stores.filter({ hasText: country })).toHaveCount(1);
  }
});

test("/robots.txt allows crawling and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*/m);
  expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test("/sitemap.xml lists the public pages and the products", async ({ request }) => {
  const product = await productAt(request, 0);
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const body = await response.text();
  expect(body).toContain("<urlset");
  expect(body).toMatch(new RegExp(`<loc>https?://[^<]+/product/${product._id}</loc>`));
  expect(body).toMatch(/<loc>https?:\/\/[^<]+\/blogs\/blogDetails1<\/loc>/);
});

test.describe("header and footer", () => {
  test("signed out, the header offers Sign In and the main links", async ({ page }) => {
    await open(page, "/about");
    await expectSignedOutHeader(page);
    const nav = header(page).getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Products", "/product"],
      ["About", "/about"],
      ["Contact", "/contact"],
      ["Blogs", "/blogs"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await header(page).getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login\?from=%2Fabout$/);
  });

  test("signed in, the header shows Wishlist, Dashboard, the user's name and Logout", async ({ page, customer }) => {
    await open(page, "/");
    await expectSignedInHeader(page, customer.name);
  });

  test("the footer's Men link shows only men's products", async ({ page }) => {
    await open(page, "/");
    await footer(page).getByRole("link", { name: "Men", exact: true }).click();
    await expect(page).toHaveURL(/\/product\?category=men$/);
    await expect(catalogue.categoryNav(page).getByRole("link", { name: "Men", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const men = await listProducts(page.request, { category: "men" });
    expect(men.length).toBeGreaterThan(0);
    for (const p of men) expect(p.categories.map((c) => c.slug)).toContain("men");
    await expectOnlyProducts(
      page,
      men.map((p) => p._id),
    );
  });

  test("the footer links to the information pages", async ({ page }) => {
    await open(page, "/");
    const f = footer(page);
    await expect(f.getByRole("link", { name: "Store Locations" })).toHaveAttribute("href", "/storeLocation");
    await expect(f.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/dashboard");
    await expect(f.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(f.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(f).toContainText("2022");
  });

  test("the footer shows the payment images, each named for assistive technology", async ({ page }) => {
    await open(page, "/");
    const badges = footer(page).getByRole("list", { name: "Payment methods we accept" }).getByRole("img");
    const names = ["Visa", "Mastercard", "American Express", "PayPal", "Apple Pay"];
    await expect(badges).toHaveCount(names.length);
    for (const [i, name] of names.entries()) {
      await expect(badges.nth(i)).toHaveAccessibleName(name);
      expect((await badges.nth(i).boundingBox())?.width).toBeGreaterThan(40);
    }
  });
});
