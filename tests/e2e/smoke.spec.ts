// First smoke test of the built shop: the home page renders, the product API answers with products
// whose images are served as WebP, unknown pages are 404s, and the home page passes axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

type ProductJson = { _id: unknown; title: unknown; image: unknown };

/** The product list, whether the API answers with a bare array or a page object ({ items } / { products }). */
function productsOf(body: unknown): ProductJson[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === "object") {
    for (const key of ["items", "products"]) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
    }
  }
  throw new Error(`/api/products did not answer with a list of products: ${JSON.stringify(body).slice(0, 300)}`);
}

test("home page answers 200 and shows a heading", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1").first()).toBeVisible();
});

test("product API lists products whose images are served as WebP", async ({ request }) => {
  const response = await request.get("/api/products");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const products = productsOf(await response.json());
  expect(products.length).toBeGreaterThan(0);
  for (const product of products) {
    expect(typeof product._id, "product _id").toBe("string");
    expect(typeof product.title, "product title").toBe("string");
    expect(String(product.image), "product image").toMatch(/^\/media\//);
  }

  const image = await request.get(String(products[0].image));
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect((await image.body()).length).toBeGreaterThan(0);
});

test("an unknown page is a 404", async ({ request, page }) => {
  const api = await request.get("/no-such-page-xyz");
  expect(api.status()).toBe(404);
  const response = await page.goto("/no-such-page-xyz");
  expect(response?.status()).toBe(404);
});

test("home page has no axe violations", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("h1").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
});
