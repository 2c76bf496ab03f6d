/** The shop keeps every price in hundredths; Stripe counts some currencies in whole units or thousandths. */
import { describe, expect, it } from "vitest";
import { fromStripeAmount, toStripeAmount } from "../../server/payments/stripe.ts";

describe("amounts between the shop and Stripe", () => {
  it("hundredths for most currencies, whole yen and won, thousandths of a dinar (ending in 0)", () => {
    expect(toStripeAmount(12_999, "usd")).toBe(12_999);
    expect(toStripeAmount(12_999, "EUR")).toBe(12_999);
    expect(toStripeAmount(129_900, "jpy")).toBe(1_299);
    expect(toStripeAmount(129_950, "JPY")).toBe(1_300); // a price with a fraction of a yen is rounded
    expect(toStripeAmount(500_000, "KRW")).toBe(5_000);
    expect(toStripeAmount(1_250, "kwd")).toBe(12_500);
    expect(toStripeAmount(1_250, "KWD") % 10).toBe(0);
  });

  it("comes back to the shop's amount", () => {
    for (const currency of ["usd", "jpy", "krw", "kwd", "bhd", "gbp"]) {
      for (const cents of [0, 100, 12_900, 999_900]) {
        expect(fromStripeAmount(toStripeAmount(cents, currency), currency), `${cents} ${currency}`).toBe(cents);
      }
    }
  });
});
