import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DB } from "../../db/connection.ts";
import { memoryDatabase } from "../shared/testing.ts";
import {
  blockedFor,
  consume,
  expireOldCounters,
  LIMIT_ROWS_KEPT_MS,
  LIMITS,
  type Limit,
  RateLimited,
  record,
  reset,
} from "./index.ts";

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const limit: Limit = { max: 3, windowMs: 60_000 };

let db: DB;
beforeEach(async () => {
  db = await memoryDatabase();
  // only Date is faked: the database driver's promises must keep running
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(async () => {
  vi.useRealTimers();
  await db.destroy();
});

const at = (ms: number) => vi.setSystemTime(T0 + ms);
const use = () => consume({ db }, "k", limit, "Too many.");
const row = (key = "k") =>
  db.selectFrom("request_limit").select(["hits", "window_start"]).where("key", "=", key).executeTakeFirst();

async function refusal(): Promise<RateLimited> {
  try {
    await use();
  } catch (e) {
    if (e instanceof RateLimited) return e;
    throw e;
  }
  throw new Error("expected RateLimited");
}

describe("consume", () => {
  it("allows `max` uses in a window and refuses the next with 429 and the seconds left", async () => {
    for (let i = 0; i < limit.max; i++) await use();
    at(15_500);
    const error = await refusal();
    expect(error).toMatchObject({ code: "rate_limited", status: 429, message: "Too many." });
    expect(error.retryAfterSeconds).toBe(45);
  });

  it("keeps refusing until the window ends, then starts over", async () => {
    for (let i = 0; i < limit.max; i++) await use();
    at(59_999);
    expect((await refusal()).retryAfterSeconds).toBe(1);
    at(60_000);
    await use();
    expect(await row()).toEqual({ hits: 1, window_start: T0 + 60_000 });
    await use();
    await use();
    expect((await refusal()).retryAfterSeconds).toBe(60);
  });

  it("does not slide the window: uses late in a window expire with it", async () => {
    await use();
    at(50_000);
    await use();
    await use();
    at(61_000);
    await use();
    await use();
    await use();
    expect(await row()).toEqual({ hits: 3, window_start: T0 + 61_000 });
  });

  it("counts each key apart", async () => {
    for (let i = 0; i < limit.max; i++) await use();
    await consume({ db }, "other", limit, "Too many.");
    expect(await row("other")).toEqual({ hits: 1, window_start: T0 });
  });
});

describe("blockedFor", () => {
  it("is 0 for an unknown key and below the limit, without counting", async () => {
    expect(await blockedFor({ db }, "k", limit)).toBe(0);
    await record({ db }, "k", limit);
    await record({ db }, "k", limit);
    expect(await blockedFor({ db }, "k", limit)).toBe(0);
    expect(await blockedFor({ db }, "k", limit)).toBe(0);
    expect((await row())?.hits).toBe(2);
  });

  it("answers the seconds left once the limit is used up, and 0 when the window is over", async () => {
    for (let i = 0; i < limit.max; i++) await record({ db }, "k", limit);
    at(20_000);
    expect(await blockedFor({ db }, "k", limit)).toBe(40);
    at(59_001);
    expect(await blockedFor({ db }, "k", limit)).toBe(1);
    at(60_000);
    expect(await blockedFor({ db }, "k", limit)).toBe(0);
  });

  it("agrees with consume: blocked exactly when the next use would be refused", async () => {
    for (let i = 0; i < limit.max; i++) {
      expect(await blockedFor({ db }, "k", limit)).toBe(0);
      await use();
    }
    expect(await blockedFor({ db }, "k", limit)).toBeGreaterThan(0);
    await expect(use()).rejects.toBeInstanceOf(RateLimited);
  });
});

describe("record", () => {
  it("counts past the limit without refusing", async () => {
    for (let i = 0; i < limit.max + 2; i++) await record({ db }, "k", limit);
    expect(await row()).toEqual({ hits: limit.max + 2, window_start: T0 });
  });

  it("starts a new window once the old one is over", async () => {
    await record({ db }, "k", limit);
    at(limit.windowMs);
    await record({ db }, "k", limit);
    expect(await row()).toEqual({ hits: 1, window_start: T0 + limit.windowMs });
  });
});

describe("reset", () => {
  it("forgets a key, and only that key", async () => {
    for (let i = 0; i < limit.max; i++) await use();
    await record({ db }, "other", limit);
    await reset({ db }, "k");
    expect(await row()).toBeUndefined();
    expect(await blockedFor({ db }, "k", limit)).toBe(0);
    await use();
    expect((await row("other"))?.hits).toBe(1);
  });
});

describe("expireOldCounters", () => {
  it("deletes our counters and Better Auth's older than a day, keeping newer ones", async () => {
    await record({ db }, "old", limit);
    await db.insertInto("rateLimit").values({ id: "r1", key: "/sign-in:1", count: 3, lastRequest: T0 }).execute();
    at(1);
    await record({ db }, "young", limit);
    await db
      .insertInto("rateLimit")
      .values({ id: "r2", key: "/sign-in:2", count: 1, lastRequest: T0 + 1 })
      .execute();

    at(LIMIT_ROWS_KEPT_MS);
    expect(await expireOldCounters({ db })).toBe(0);
    at(LIMIT_ROWS_KEPT_MS + 1);
    expect(await expireOldCounters({ db })).toBe(2);
    expect((await db.selectFrom("request_limit").select("key").execute()).map((r) => r.key)).toEqual(["young"]);
    expect((await db.selectFrom("rateLimit").select("id").execute()).map((r) => r.id)).toEqual(["r2"]);
  });
});

describe("the shop's limits", () => {
  it("are positive, and each window ends before its counters may be deleted", () => {
    for (const l of Object.values(LIMITS)) {
      expect(Number.isInteger(l.max) && l.max > 0).toBe(true);
      expect(l.windowMs).toBeGreaterThan(0);
      expect(l.windowMs).toBeLessThanOrEqual(LIMIT_ROWS_KEPT_MS);
    }
  });
});
