// Mail in the browser: a forgotten password reset with the link from the real mail (read from the
// SMTP test server), the confirmation link after sign-up, the dashboard's banner, and the admins'
// mail page; each page also without JavaScript, on a phone, and through axe.
import { canSignIn, createAccount, newAccount, registerCustomer, signIn } from "./support/accounts.ts";
import { test as adminTest } from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { linkIn, mailTo, waitForMail } from "./support/mail.ts";
import { open } from "./support/navigation.ts";
import { expectFieldError, expectSignedInHeader, expectToast } from "./support/pages.ts";

test.describe("a forgotten password", () => {
  test("from /login to a new password with the mailed link; the old password stops working and the link works once", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await open(page, "/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `If an account uses ${account.email}, we have sent it a link`,
    );

    const mail = await waitForMail(account.email, /Reset your/);
    const link = linkIn(mail, "/reset-password/");
    await open(page, new URL(link).pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await expectNoAxeViolations(page);

    // the sign-up rules apply here too
    await page.getByLabel("New password").fill("abcdefgh");
    await page.getByLabel("Type it again").fill("abcdefgh");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expectFieldError(page.getByLabel("New password"), "Mix letters with numbers or symbols.");

    const newPassword = `New-${account.password}`;
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Type it again").fill(newPassword);
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, "Your password has been changed. Sign in with your new password.");

    expect(await canSignIn(request, account.email, account.password)).toBe(false);
    await signIn(page, account.email, newPassword);
    await expectSignedInHeader(page, account.name);

    // the same link again
    await open(page, new URL(link).pathname);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "This link has expired or has already been used",
    );
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByLabel("New password")).toHaveCount(0);
  });

  test("an unknown address gets the same answer and no mail", async ({ page }) => {
    const email = newAccount().email;
    await open(page, "/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `If an account uses ${email}, we have sent it a link`,
    );
    await expectNoAxeViolations(page);
    await page.waitForTimeout(1000);
    expect(await mailTo(email)).toEqual([]);
  });

  test("the pages fit a 375 px phone and pass axe there", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ["/forgot-password", "/reset-password/no-such-token", "/email-verified?error=TOKEN_EXPIRED"]) {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      // the confirmation page passes axe in the dashboard test
      if (!path.startsWith("/email-verified")) await expectNoAxeViolations(page);
    }
  });

  test("works without JavaScript", async ({ browser, request, baseURL }) => {
    const account = await createAccount(request);
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    try {
      const page = await context.newPage();
      await page.goto("/forgot-password");
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText("we have sent it a link");
      const link = linkIn(await waitForMail(account.email, /Reset your/), "/reset-password/");
      await page.goto(new URL(link).pathname);
      const newPassword = `Phone-${account.password}`;
      await page.getByLabel("New password").fill(newPassword);
      await page.getByLabel("Type it again").fill(newPassword);
      await page.getByRole("button", { name: "Save my new password" }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await canSignIn(request, account.email, newPassword)).toBe(true);
      await page.goto(new URL(link).pathname);
      await expect(page.getByRole("main").getByRole("alert")).toContainText("expired or has already been used");
    } finally {
      await context.close();
    }
  });
});

test.describe("confirming the email address", () => {
  test("the dashboard asks until the address is confirmed; the mailed link confirms it and a new one can be sent", async ({
    page,
  }) => {
    const account = await registerCustomer(page);
    await open(page, "/dashboard");
    const banner = page.getByRole("region", { name: "Please confirm your email address" });
    await expect(banner).toContainText(account.email);
    await expectNoAxeViolations(page);

    await banner.getByRole("button", { name: "Resend verification email" }).click();
    await expect(banner.getByRole("status")).toContainText(`We have sent a new link to ${account.email}`);
    const second = await waitForMail(account.email, /Confirm your email address/, 2);

    await page.goto(linkIn(second, "/api/auth/verify-email"));
    await expect(page).toHaveURL(/\/email-verified$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your email address is confirmed" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("region", { name: "Please confirm your email address" })).toHaveCount(0);
  });

  test("the banner's button works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    try {
      const page = await context.newPage();
      const account = await registerCustomer(page, newAccount());
      await page.goto("/dashboard/myorders");
      const banner = page.getByRole("region", { name: "Please confirm your email address" });
      await banner.getByRole("button", { name: "Resend verification email" }).click();
      await expect(
        page.getByRole("region", { name: "Please confirm your email address" }).getByRole("status"),
      ).toContainText("We have sent a new link");
      await waitForMail(account.email, /Confirm your email address/, 2);
    } finally {
      await context.close();
    }
  });
});

adminTest.describe("the admins' mail page", () => {
  adminTest("lists the mail the shop sent and shows one, framed safely", async ({ admin, request }) => {
    // a contact message: mailed to the shop, acknowledged to the sender
    const sender = newAccount().email;
    const res = await request.post("/api/contact", {
      data: { name: "Mail Page Visitor", email: sender, message: "Is the mail page working?" },
    });
    expect(res.status()).toBe(201);
    await waitForMail(sender, /We have received your message/);

    await open(admin, "/dashboard/mail");
    await expect(admin.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
    const row = admin.getByTestId("mail-row").filter({ hasText: sender });
    await expect(row).toContainText("Sent");
    await row.getByRole("link", { name: /We have received your message/ }).click();
    await expect(admin).toHaveURL(/\/dashboard\/mail\/[A-Za-z0-9_-]+$/);
    const frame = admin.frameLocator("iframe");
    await expect(frame.getByRole("heading", { name: "Thank you for your message" })).toBeVisible();
    await expect(admin.locator("iframe")).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
    await expect(admin.getByRole("region", { name: "Plain text" })).toContainText("within one working day");
    // the framed mail is sandboxed without scripts, so axe cannot run inside it (the template tests check the mail)
    await expectNoAxeViolations(admin, { exclude: ["iframe"] });
  });
});
