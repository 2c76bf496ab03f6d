import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "../../app/routes/login.tsx";
import { LIMITS } from "../../domain/limits/index.ts";
import { createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

// The sign-in page goes through Better Auth's HTTP handler, so its rate limit applies to the page too.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false, env: { RATE_LIMIT: "true" } });
});
afterAll(() => shop.close());

type ActionResult = { data: { message: string }; init: { status: number } };

async function submitLogin(password: string): Promise<ActionResult> {
  const request = new Request(`${TEST_ORIGIN}/login`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "owner@shop.test", password, from: "/" }),
  });
  return (await loginAction({
    request,
    context: await pageContext(shop, request),
    params: {},
  } as never)) as unknown as ActionResult;
}

describe("the sign-in page", () => {
  it("says 'Invalid email or password.' for a wrong password, then asks to wait after repeated failures", async () => {
    const first = await submitLogin("wrong-password-0");
    expect(first.init.status).toBe(401);
    expect(first.data.message).toBe("Invalid email or password.");
    let last = first;
    const { max, windowMs } = LIMITS.failedSignIns;
    for (let i = 1; i <= max; i++) last = await submitLogin(`wrong-password-${i}`);
    expect(last.init.status).toBe(429);
    expect(last.data.message).toBe(
      `Too many failed sign-ins for this account. Please wait ${windowMs / 60_000} minutes and try again.`,
    );
  });
});
