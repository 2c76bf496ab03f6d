import type { DataContext } from "../shared/context.ts";
import { DomainError } from "../shared/errors.ts";
import * as repo from "./repository.ts";

export type Limit = { max: number; windowMs: number };

/** The limits the shop applies, in one place. */
export const LIMITS = {
  /** failed sign-ins per account, whatever address they come from */
  failedSignIns: { max: 10, windowMs: 15 * 60_000 },
  /** contact-form messages per client address */
  contactMessages: { max: 5, windowMs: 10 * 60_000 },
  /** mails someone else can make the shop send to one address (password resets, confirmations, acknowledgements) */
  mailsPerAddress: { max: 5, windowMs: 60 * 60_000 },
  /** "Pay now" per customer (each may ask the card provider for a new payment page) */
  payNow: { max: 10, windowMs: 10 * 60_000 },
} as const satisfies Record<string, Limit>;

/** Counters older than this are deleted by the periodic clean-up. */
export const LIMIT_ROWS_KEPT_MS = 24 * 60 * 60_000;

const secondsLeft = (w: repo.Window, limit: Limit, now: number) =>
  Math.max(1, Math.ceil((w.windowStart + limit.windowMs - now) / 1000));

export class RateLimited extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super("rate_limited", message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Counts one use of `key`; past the limit it throws RateLimited (429, with the seconds to wait). */
export async function consume(ctx: DataContext, key: string, limit: Limit, message: string): Promise<void> {
  const now = Date.now();
  const window = await repo.hit(ctx.db, key, limit.windowMs, now);
  if (window.hits > limit.max) throw new RateLimited(message, secondsLeft(window, limit, now));
}

/** Counts one use of `key` and answers whether it was within the limit (for callers that skip rather than refuse). */
export async function take(ctx: DataContext, key: string, limit: Limit): Promise<boolean> {
  const window = await repo.hit(ctx.db, key, limit.windowMs, Date.now());
  return window.hits <= limit.max;
}

/** Whether `key` has used up its limit, without counting; answers the seconds to wait, or 0. */
export async function blockedFor(ctx: DataContext, key: string, limit: Limit): Promise<number> {
  const now = Date.now();
  const window = await repo.read(ctx.db, key);
  if (!window || window.windowStart + limit.windowMs <= now || window.hits < limit.max) return 0;
  return secondsLeft(window, limit, now);
}

/** Counts one event (e.g. a failed sign-in) without refusing anything. */
export async function record(ctx: DataContext, key: string, limit: Limit): Promise<void> {
  await repo.hit(ctx.db, key, limit.windowMs, Date.now());
}

export async function reset(ctx: DataContext, key: string): Promise<void> {
  await repo.clear(ctx.db, key);
}

/** Deletes counters nobody needs any more (ours and Better Auth's). */
export async function expireOldCounters(ctx: DataContext): Promise<number> {
  return repo.expireBefore(ctx.db, Date.now() - LIMIT_ROWS_KEPT_MS);
}
