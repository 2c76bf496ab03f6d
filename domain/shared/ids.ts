import { randomBytes, randomInt } from "node:crypto";

/** Random, URL-safe ids (the API shows them as `_id`). */
export const newId = () => randomBytes(12).toString("base64url");

/** Order numbers are random integers below 10^13, as the shop has always shown them. */
export const newOrderNumber = () => randomInt(1_000_000_000_000, 10_000_000_000_000 - 1);
