// Accounts: Sign Up (with its validation), sign in and out, and the pages that need a signed-in
// customer or an admin.
import { PASSWORD_MIN_LENGTH } from "../../domain/accounts/schemas.ts";
import { canSignIn, createAccount, newAccount, signIn } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectLoginRedirect, open } from "./support/navigation.ts";
import {
  dashboardMenu,
  expectFieldError,
  expectSignedInHeader,
  expectSignedOutHeader,
  expectToast,
  header,
  registerForm,
} from "./support/pages.ts";
import { productAt } from "./support/shop-api.ts";

test.describe("Sign Up", () => {
  test("mismatched passwords: a message beside ReType Your Password, and no account is created", async ({
    page,
    request,
  }) => {
    const account = newAccount();
    await open(page, "/register");
    await registerForm.submit(page, { ...account, retype: `${account.password}-typo` });
    await expectFieldError(registerForm.retype(page), "The passwords do not match.");
    await expect(page).toHaveURL(/\/register$/);
    // what was typed (but not the passwords) is kept
    await expect(registerForm.email(page)).toHaveValue(account.email);
    await expectSignedOutHeader(page);
    expect(await canSignIn(request, account.email, account.password)).toBe(false);
  });

  test("a weak password: a message beside Your Password, and no account is created", async ({ page, request }) => {
    const account = { ...newAccount(), password: "abcdefgh" };
    await open(page, "/register");
    await registerForm.submit(page, account);
    await expectFieldError(registerForm.password(page), "Mix letters with numbers or symbols.");
    await expectSignedOutHeader(page);
    expect(await canSignIn(request, account.email, account.password)).toBe(false);
  });

  test("a too-short password: a message beside Your Password", async ({ page }) => {
    await open(page, "/register");
    await registerForm.submit(page, { ...newAccount(), password: "a1b2" });
    await expectFieldError(registerForm.password(page), `Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  });

  test("an email already in use: a message beside Your Email", async ({ page, request }) => {
    const existing = await createAccount(request);
    await open(page, "/register");
    await registerForm.submit(page, { ...newAccount(), email: existing.email });
    await expectFieldError(registerForm.email(page), /already exists/);
    await expectSignedOutHeader(page);
  });

  test("success: 'User Created successfully!', back on / and signed in", async ({ page, request }) => {
    const account = newAccount("Newcomer");
    await open(page, "/register");
    await registerForm.submit(page, account);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "User Created successfully!");
    await expectSignedInHeader(page, account.name);
    expect(await canSignIn(request, account.email, account.password)).toBe(true);
  });

  test("from the sign-in page's link, a new customer lands on the page they were sent from", async ({ page }) => {
    const account = newAccount("Returning");
    await open(page, "/dashboard/myorders");
    await expectLoginRedirect(page, "/dashboard/myorders");
    await page.getByRole("link", { name: "Create an Account" }).click();
    await expect(page).toHaveURL(/\/register\?from=%2Fdashboard%2Fmyorders$/);
    await registerForm.submit(page, account);
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Order" })).toBeVisible();
    await expectSignedInHeader(page, account.name);
  });

  test("a 'from' that leaves the shop is not followed after signing up", async ({ page }) => {
    await open(page, "/register?from=%2F%2Fevil.example");
    await registerForm.submit(page, newAccount("Careful"));
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expectToast(page, "User Created successfully!");
  });
});

test.describe("sign in and out", () => {
  test("a wrong password says 'Invalid email or password.'", async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account.email, `${account.password}-wrong`, { from: "/", stayOnForm: true });
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
    await expectSignedOutHeader(page);
  });

  test("signing in from a protected page returns to it", async ({ page, request }) => {
    const account = await createAccount(request);
    await open(page, "/dashboard/myorders");
    await expectLoginRedirect(page, "/dashboard/myorders");
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Order" })).toBeVisible();
    await expectSignedInHeader(page, account.name);
  });

  test("signing in without a 'from' lands on /", async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account.email, account.password, { from: "" });
    await expect(page).toHaveURL(/\/$/);
    await expectSignedInHeader(page, account.name);
  });

  test("the header's Logout keeps the visitor on the page, signed out", async ({ page, customer }) => {
    await open(page, "/about");
    await expectSignedInHeader(page, customer.name);
    await header(page).getByRole("button", { name: "Logout" }).click();
    await expectSignedOutHeader(page);
    await expect(page).toHaveURL(/\/about$/);
    // the session has really ended
    await open(page, "/dashboard");
    await expectLoginRedirect(page, "/dashboard");
  });

  test("the dashboard menu's Logout returns to /", async ({ page, customer }) => {
    await open(page, "/dashboard/payment");
    await expectSignedInHeader(page, customer.name);
    await dashboardMenu(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOutHeader(page);
  });
});

test.describe("protected pages", () => {
  for (const path of [
    "/mywishlists",
    "/dashboard",
    "/dashboard/myorders",
    "/dashboard/addreview",
    "/dashboard/payment",
  ]) {
    test(`${path} sends a signed-out visitor to sign in, remembering the page`, async ({ page }) => {
      await open(page, path);
      await expectLoginRedirect(page, path);
    });
  }

  test("/buyProducts/{id} sends a signed-out visitor to sign in, remembering the page", async ({ page }) => {
    const product = await productAt(page.request, 1);
    await open(page, `/buyProducts/${product._id}`);
    await expectLoginRedirect(page, `/buyProducts/${product._id}`);
  });

  test("a customer visiting an admin page (/dashboard/manageorders) is sent to sign in", async ({ page, customer }) => {
    await open(page, "/dashboard");
    await expectSignedInHeader(page, customer.name);
    await page.goto("/dashboard/manageorders");
    await expectLoginRedirect(page, "/dashboard/manageorders");
    // the login page says why a signed-in customer is there, and shows no admin page
    await expect(page.getByRole("main")).toContainText(/admin/i);
    await expect(page.getByRole("heading", { name: /All Order|Manage/i })).toHaveCount(0);
  });
});
