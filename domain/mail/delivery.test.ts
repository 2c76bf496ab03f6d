import { describe, expect, it } from "vitest";
import { attemptsWithin, backoff, DEFAULT_DELIVERY_POLICY } from "./index.ts";

describe("the retry schedule", () => {
  it("retries first within 30 s, doubles the wait up to an hour, and gives up after about a day", () => {
    const policy = DEFAULT_DELIVERY_POLICY;
    for (let i = 0; i < 20; i++) {
      const first = policy.retryDelayMs(1);
      expect(first).toBeGreaterThanOrEqual(13_500);
      expect(first).toBeLessThanOrEqual(16_500);
    }
    const plain = backoff(15_000, 3_600_000);
    const median = (attempt: number) => {
      const samples = Array.from({ length: 50 }, () => plain(attempt)).sort((a, b) => a - b);
      return samples[25];
    };
    expect(median(2)).toBeGreaterThan(27_000);
    expect(median(2)).toBeLessThan(33_000);
    expect(median(20)).toBeLessThanOrEqual(3_600_000 * 1.1);
    expect(median(20)).toBeGreaterThanOrEqual(3_600_000 * 0.9);

    // the waits before giving up add up to a day (give or take the last hour)
    let waited = 0;
    for (let attempt = 1; attempt < policy.maxAttempts; attempt++)
      waited += Math.min(3_600_000, 15_000 * 2 ** (attempt - 1));
    expect(waited).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(waited).toBeLessThan(25 * 3_600_000);
    expect(policy.maxPermanentAttempts).toBe(3);
    expect(attemptsWithin(60_000, 15_000, 3_600_000)).toBe(4); // 15 + 30 + 60 s
  });
});
