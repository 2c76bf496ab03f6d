import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

// Rate limits are off in the rest of the suite (many sign-ins from one address); here they are on.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false, env: { RATE_LIMIT: "true" } });
});
afterAll(() => shop.close());

const signIn = (password: string) =>
  shop.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ email: "nobody@shop.test", password }),
  });

describe("sign-in rate limit", () => {
  it("answers 429 after repeated failures and keeps the counter in the database", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(`wrong-${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const rows = await shop.db.selectFrom("rateLimit").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});
