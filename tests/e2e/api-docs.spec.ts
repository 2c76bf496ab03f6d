// The API reference at /api/docs: Swagger UI's bundle, served by the shop itself, renders /api/openapi.json
// under the shop's Content-Security-Policy, with nothing fetched from anywhere else.
import { expect, test } from "@playwright/test";

test("/api/docs renders the API reference from the shop's own files, with no CSP complaint", async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /content.security.policy/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(String(baseURL)).origin) elsewhere.push(url.href);
  });

  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);

  await expect(page.getByRole("heading", { name: /Volt & Thread API/ })).toBeVisible();
  for (const operation of ["List products", "Place an order", "List a customer's orders", "Make an account admin"]) {
    await expect(page.getByText(operation, { exact: true }).first()).toBeVisible();
  }
  await page.getByText("Place an order", { exact: true }).first().click();
  await expect(page.getByText("booking_deatils").first()).toBeVisible();

  expect(errors).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test("the reference's script is served compressed with a long cache lifetime", async ({ page, request }) => {
  await page.goto("/api/docs");
  const src = await page.locator("script[src]").first().getAttribute("src");
  expect(src).toMatch(/^\/api\/docs\/reference\.js\?v=/);
  const css = await request.get(String(await page.locator("link[rel=stylesheet]").getAttribute("href")));
  expect(css.headers()["content-type"]).toContain("text/css");
  const script = await request.get(String(src), { headers: { "accept-encoding": "gzip" } });
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toContain("text/javascript");
  expect(script.headers()["content-encoding"]).toBe("gzip");
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
