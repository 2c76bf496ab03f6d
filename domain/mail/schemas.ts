import { z } from "zod";
import { CONTROL_CHARACTERS } from "../shared/schemas.ts";

export { MAIL_STATUSES } from "./labels.ts";

import { MAIL_STATUSES } from "./labels.ts";

/**
 * A recipient (or Reply-To) address: one address, nothing that could add a recipient or a header.
 * Looser than the sign-up rule on purpose: the shop's own addresses may be `shop@localhost`.
 */
export const recipientSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@<>",;:()[\]\\]+@[^\s@<>",;:()[\]\\]+$/)
  .refine((v) => !new RegExp(CONTROL_CHARACTERS.source).test(v));

/** The admin's list of mails: which status, which page. */
export const mailListQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
