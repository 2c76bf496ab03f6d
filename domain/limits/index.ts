/** Counters in the database that every shop process shares: rate limits and failed sign-ins. */
export {
  blockedFor,
  consume,
  expireOldCounters,
  LIMIT_ROWS_KEPT_MS,
  LIMITS,
  type Limit,
  RateLimited,
  record,
  reset,
  take,
} from "./service.ts";
