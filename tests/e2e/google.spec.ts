// Sign in with Google, end to end in Chromium, against a real OpenID Connect provider running
// locally (tests/support/oidc-server.ts, started by playwright.config.ts, standing in for Google):
// the redirect from the shop, the provider's login and consent pages, the callback, account
// creation or linking, the session, and the way back to the page the visitor came from.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { linkIn, waitForMail } from "./support/mail.ts";

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${++counter}@gmail.test`;

async function firstProduct(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const body = await (await request.get("/api/products")).json();
  const list = (Array.isArray(body) ? body : (body.items ?? body.products)) as { _id: string; title: string }[];
  return { id: list[0]._id, title: list[0].title };
}

/** At the provider: its login page (email, name), then — unless `consent` is false — its consent screen. */
async function signInAtProvider(
  page: Page,
  account: { email: string; name: string },
  decision: "Allow" | "Deny" = "Allow",
) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Name").fill(account.name);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /wants to access your account/ })).toBeVisible();
  await page.getByRole("button", { name: decision }).click();
}

test("a signed-out visitor who hearts a product signs up with Google and comes back to it, signed in", async ({
  page,
  request,
  baseURL,
}) => {
  const product = await firstProduct(request);
  const account = { email: uniqueEmail("new"), name: "Grace Hopper" };

  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page).toHaveURL(`/login?from=${encodeURIComponent(`/product/${product.id}`)}`);

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await signInAtProvider(page, account);

  await expect(page).toHaveURL(`${baseURL}/product/${product.id}`);
  await expect(page.getByRole("banner").getByText(account.name)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();

  // the account now exists, with Google's name, and the browser's session is theirs
  const profile = await page.request.get(`/api/users/${encodeURIComponent(account.email)}`);
  expect(profile.status()).toBe(200);
  expect(await profile.json()).toMatchObject({ email: account.email, displayName: account.name });
  const session = await (await page.request.get("/api/auth/get-session")).json();
  expect(session.user).toMatchObject({ email: account.email, name: account.name, emailVerified: true });
});

test("a customer with a confirmed password account who signs in with Google keeps the same account and its wishlist", async ({
  page,
  playwright,
  baseURL,
}) => {
  // registered earlier with a password, in another browser (its own cookies), and confirmed by mail
  const email = uniqueEmail("linked");
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signUp = await other.post("/api/auth/sign-up/email", {
    data: { email, password: "sunlit-harbor-1234", name: "Linus Pauling" },
  });
  expect(signUp.status()).toBe(200);
  const userId = (await signUp.json()).user.id as string;
  const product = await firstProduct(other);
  expect((await other.post("/api/wishlist", { data: { productId: product.id } })).status()).toBe(201);
  const confirmation = await waitForMail(email, /Confirm your email address/);
  const confirmed = await other.get(linkIn(confirmation, "/api/auth/verify-email"));
  expect(new URL(confirmed.url()).pathname).toBe("/email-verified");
  await other.dispose();

  await page.goto("/login?from=%2Fmywishlists");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await signInAtProvider(page, { email, name: "Linus P." });

  await expect(page).toHaveURL(`${baseURL}/mywishlists`);
  await expect(page.getByRole("heading", { name: "My Wishlist" })).toBeVisible();
  await expect(page.getByRole("main").getByText(product.title).first()).toBeVisible();
  // the shop's profile (name) is the one the customer had
  await expect(page.getByRole("banner").getByText("Linus Pauling")).toBeVisible();

  const session = await (await page.request.get("/api/auth/get-session")).json();
  expect(session.user).toMatchObject({ id: userId, email });
  const profile = await page.request.get(`/api/users/${encodeURIComponent(email)}`);
  expect(await profile.json()).toMatchObject({ email, displayName: "Linus Pauling" });
  const wishlist = await page.request.get(`/api/wishlist/${encodeURIComponent(email)}`);
  expect(wishlist.status()).toBe(200);
  expect(await wishlist.json()).toEqual([
    expect.objectContaining({ product_deatils: expect.objectContaining({ _id: product.id }) }),
  ]);
});

test("Google does not take over a password account whose address is not confirmed: the sign-in page says what to do", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail("unconfirmed");
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect(
    (
      await other.post("/api/auth/sign-up/email", {
        data: { email, password: "sunlit-harbor-1234", name: "Marie Curie" },
      })
    ).status(),
  ).toBe(200);
  await other.dispose();

  await page.goto("/login?from=%2Fmywishlists");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await signInAtProvider(page, { email, name: "Not Marie" });

  await expect(page).toHaveURL(new RegExp(`^${baseURL}/login\\?`));
  await expect(page.getByRole("alert")).toContainText("its address is not confirmed yet");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  // the owner's password still works
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("sunlit-harbor-1234");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/mywishlists`);
  await expect(page.getByRole("banner").getByText("Marie Curie")).toBeVisible();
});

test("denying at the provider's consent screen comes back to sign-in with a readable message", async ({
  page,
  request,
  baseURL,
}) => {
  const product = await firstProduct(request);
  const from = `/product/${product.id}`;
  await page.goto(`/login?from=${encodeURIComponent(from)}`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await signInAtProvider(page, { email: uniqueEmail("deny"), name: "No Thanks" }, "Deny");

  await expect(page).toHaveURL(new RegExp(`^${baseURL}/login\\?`));
  const url = new URL(page.url());
  expect(url.searchParams.get("from")).toBe(from);
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(
    "Google sign-in was cancelled. You can try again or sign in with your email and password.",
  );
  await expect(alert).not.toContainText("access_denied");
  // still signed out, and the button is there to try again (still going back to the product)
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.locator('form:has(button:text("Continue with Google")) input[name="from"]')).toHaveValue(from);
});

test("the Google button is offered on the sign-up page too", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
});
