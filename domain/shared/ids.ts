import { randomFillSync, randomInt } from "node:crypto";

const ID_BYTES = 12;
/** Random bytes for the next 512 ids: one call to the system's generator instead of one per id (bulk seeds make millions). */
const pool = Buffer.alloc(ID_BYTES * 512);
let next = pool.length;

/** Random, URL-safe ids (the API shows them as `_id`): 12 bytes from the cryptographic generator. */
export function newId(): string {
  if (next + ID_BYTES > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const id = pool.toString("base64url", next, next + ID_BYTES);
  next += ID_BYTES;
  return id;
}

/** Order numbers are random 13-digit integers (at least 10^12, below 10^13), as the shop has always shown them. */
export const ORDER_NUMBER_MIN = 1_000_000_000_000;
export const ORDER_NUMBER_LIMIT = 10_000_000_000_000;
export const newOrderNumber = () => randomInt(ORDER_NUMBER_MIN, ORDER_NUMBER_LIMIT - 1);

let sequence = 0;
/**
 * Ids that sort in the order they were made (time, then a counter, then randomness): for rows read
 * back in that order, such as an order's history, whose entries of one transaction share a timestamp.
 */
export function newSortableId(): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${Date.now().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${newId().slice(0, 8)}`;
}
