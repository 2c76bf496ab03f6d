/** Page loads that wait until React has hydrated the server-rendered page (so clicks run handlers). */
import { expect, type Page, type Response } from "@playwright/test";

/** Resolves once React has attached itself to the page's <main> (hydration done). */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        const main = document.getElementById("main");
        return Boolean(main) && Object.keys(main as object).some((k) => k.startsWith("__reactFiber$"));
      },
      undefined,
      { timeout: 15_000 },
    );
  } catch (e) {
    throw new Error(
      `${page.url()} did not hydrate within 15 s (did its JavaScript fail to load, e.g. build/ rebuilt during the run?)\n${e}`,
    );
  }
}

/** Whether the page was served without React's scripts (a route with `hydrate: false`, decision 028). */
export async function servedWithoutReact(page: Page): Promise<boolean> {
  return (await page.locator("html").getAttribute("data-hydrate")) === "false";
}

/** page.goto + hydration (for a page that runs React); answers the document response. */
export async function open(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  if (!(await servedWithoutReact(page))) await waitForHydration(page);
  return response;
}

/**
 * A product page rendered by React rather than opened as a document: from an empty cart (a page that
 * runs React) through its link to the catalogue, the catalogue's search box and the product's card.
 */
export async function reachWithReact(page: Page, product: { _id: string; title: string }): Promise<void> {
  await open(page, "/cart");
  await page.getByRole("main").getByRole("link", { name: "CONTINUE SHOPPING" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(product.title);
  await page.locator(`a[href="/product/${product._id}"]`).first().click();
}

/** The page's current path with its query string, e.g. "/product?q=smart". */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Expects the browser to be on `/login?from=<from>` (the remembered place to come back to). */
export async function expectLoginRedirect(page: Page, from: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  expect(new URL(page.url()).searchParams.get("from")).toBe(from);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
}
