/**
 * Accounts for the tests: fresh customers made through Better Auth's sign-up endpoint, and signing
 * in through the real login form. Each test gets its own customer so that tests never share state.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { shopOrigin, uniqueTag } from "./env.ts";
import { open } from "./navigation.ts";

export type Account = { name: string; email: string; password: string };

export const DEMO_CUSTOMER: Account = {
  name: "Demo Customer",
  email: "customer@demo.vitrine.test",
  password: "demo-customer-1234",
};

/** New, never-registered credentials (a strong password the shop accepts). */
export function newAccount(label = "Customer"): Account {
  const tag = uniqueTag("cust");
  return { name: `${label} ${tag.slice(-6)}`, email: `${tag}@e2e.vitrine.test`, password: `Pw-${tag}-9` };
}

/**
 * Creates an account through POST /api/auth/sign-up/email. With `page.request` the session cookie
 * lands in that page's browser context (the page is then signed in); with the standalone `request`
 * fixture the account exists but no browser is signed in.
 */
export async function createAccount(request: APIRequestContext, account: Account = newAccount()): Promise<Account> {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: account.name, email: account.email, password: account.password },
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), `sign-up of ${account.email}: ${await response.text()}`).toBe(200);
  return account;
}

/** A fresh customer, registered and signed in in `page`'s browser context. */
export async function registerCustomer(page: Page, account: Account = newAccount()): Promise<Account> {
  return createAccount(page.request, account);
}

/** Fills in and sends the login form (at /login, or /login?from=… when `from` is given); waits to leave it. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { from?: string; stayOnForm?: boolean } = {},
): Promise<void> {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/login") || options.from) {
    await open(page, options.from ? `/login?from=${encodeURIComponent(options.from)}` : "/login");
  }
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (!options.stayOnForm) await expect.poll(() => new URL(page.url()).pathname).not.toBe("/login");
}

/**
 * Signs in through POST /api/auth/sign-in/email: with `page.request` the session cookie lands in that
 * page's browser context. For tests about what a signed-in person does; the login form itself is
 * tested with `signIn`.
 */
export async function signInThroughApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await postSignIn(request, email, password);
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
}

const postSignIn = (request: APIRequestContext, email: string, password: string) =>
  request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: shopOrigin() } });

/** Whether these credentials can sign in (checked through the API, without touching any browser). */
export async function canSignIn(request: APIRequestContext, email: string, password: string): Promise<boolean> {
  return (await postSignIn(request, email, password)).ok();
}
