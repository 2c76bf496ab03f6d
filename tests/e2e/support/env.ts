/** Where the shop under test answers, as the Playwright config chose it (workers inherit E2E_PORT). */
import { test } from "@playwright/test";

/** The shop's origin, for the Origin header that cookie-authenticated writes must carry. */
export function shopOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (baseURL) return new URL(baseURL).origin;
  if (process.env.E2E_PORT) return `http://localhost:${process.env.E2E_PORT}`;
  throw new Error("No baseURL configured for the e2e tests");
}

/** A value unique to this test run and this call: for e-mail addresses, review texts, … */
export function uniqueTag(prefix = "e2e"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
