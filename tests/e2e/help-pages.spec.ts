/**
 * The footer's Help links lead to pages the shop's admins write: an admin rewrites one in the dashboard,
 * and a visitor reaches it from the footer of any page.
 */
import { expect, openAdminPage, test } from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { open } from "./support/navigation.ts";

test("an admin rewrites the Size Guide, and a visitor reads it from the footer", async ({ admin, page }) => {
  await openAdminPage(admin, "/dashboard/pages", "Help pages");
  await admin.getByRole("link", { name: "Edit Size Guide" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Edit Size Guide");
  const text = admin.getByLabel("Text");
  const original = await text.inputValue();
  try {
    await text.fill("Measure twice.\n\n## Hats\n- S: 54 cm\n- M: 56 cm\n\nStill unsure? Write to us.");
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByTestId("toast")).toContainText("Saved. The page is live.");

    await open(page, "/product");
    await page.getByRole("contentinfo").getByRole("link", { name: "Size Guide" }).click();
    await expect(page).toHaveURL(/\/help\/size-guide$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Size Guide");
    await expect(page.getByRole("heading", { level: 2, name: "Hats" })).toBeVisible();
    await expect(page.getByRole("article").getByRole("listitem")).toHaveText(["S: 54 cm", "M: 56 cm"]);
    await expect(page.getByRole("main")).toContainText("Still unsure? Write to us.");
    await expectNoAxeViolations(page);

    // taken down, the page says so and points to the contact page
    await text.fill("");
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByTestId("toast")).toContainText("Saved. The page is taken down.");
    await open(page, "/help/size-guide");
    await expect(page.getByRole("main")).toContainText("This page has not been written yet.");
    await expect(page.getByRole("main").getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  } finally {
    await openAdminPage(admin, "/dashboard/pages/size-guide", "Edit Size Guide");
    await admin.getByLabel("Text").fill(original);
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByTestId("toast")).toContainText("Saved.");
  }
});

test("News leads to the blog, and an address that names no help page is not found", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "News" })).toHaveAttribute("href", "/blogs");
  const missing = await page.goto("/help/privacy");
  expect(missing?.status()).toBe(404);
});
