/**
 * The test objects the specs import: Playwright's `test`, plus
 *   customer — a fresh customer account, registered and signed in in the test's page;
 * and `customerTest`, the same with that customer signed in for every test (for files where
 * every test is about a signed-in customer's pages).
 */
import { test as base, expect } from "@playwright/test";
import { type Account, registerCustomer } from "./accounts.ts";

export const test = base.extend<{ customer: Account }>({
  customer: async ({ page }, use) => {
    await use(await registerCustomer(page));
  },
});

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a value-less fixture as void
export const customerTest = test.extend<{ signedIn: void }>({
  signedIn: [
    async ({ customer }, use) => {
      expect(customer.email).toContain("@");
      await use();
    },
    { auto: true },
  ],
});

export { expect };
