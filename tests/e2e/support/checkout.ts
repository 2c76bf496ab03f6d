import type { Page } from "@playwright/test";

/** Fills the checkout's shipping form (the name comes filled in from the account) and ticks the confirmation. */
export async function fillShipping(page: Page): Promise<void> {
  await page.getByLabel("Address").fill("7 Lime Street");
  await page.getByLabel("City").fill("Leeds");
  await page.getByLabel("State").fill("West Yorkshire");
  await page.getByLabel("Zip").fill("LS1 4AP");
  await page.getByLabel("Phone").fill("+44 113 496 0000");
  await page.getByRole("checkbox").check();
}
