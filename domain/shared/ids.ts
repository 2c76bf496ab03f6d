import { randomBytes, randomInt } from "node:crypto";

/** Random, URL-safe ids (the API shows them as `_id`). */
export const newId = () => randomBytes(12).toString("base64url");

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
