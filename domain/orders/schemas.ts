import { z } from "zod";
import { emailSchema, idSchema, pageSchema, requiredText } from "../shared/schemas.ts";

export const ORDER_STATUSES = ["Pending", "Shipped", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const accepted = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")], {
    error: "Please confirm the acknowledgement.",
  })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true")
  .refine((v) => v, "Please confirm the acknowledgement.");

/** The shipping and billing form. Used by the order page and by POST /api/orders. */
export const orderInput = z.object({
  full_name: requiredText("Full name", 120),
  address: requiredText("Address", 200),
  city: requiredText("City", 100),
  state: requiredText("State", 100),
  zip: requiredText("Zip", 12).regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, "Enter a valid zip or postal code."),
  phone: requiredText("Phone", 30).regex(/^\+?[0-9 ().-]{6,25}$/, "Enter a valid phone number."),
  checkbox: accepted,
  /** which product: `productId`, or the spec's product copy `booking_deatils._id` (only the id is trusted) */
  productId: idSchema.optional(),
  booking_deatils: z.object({ _id: idSchema }).loose().optional(),
  quantity: z.coerce.number().int().min(1, "Quantity must be at least 1.").max(99, "Quantity must be at most 99.").default(1),
  user_email: emailSchema.optional(),
  /** the same key twice means the same order: a double click or a resubmitted form creates one order */
  request_key: z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_-]+$/).optional(),
});
export type OrderInput = z.infer<typeof orderInput>;

export const orderListQuery = pageSchema.extend({
  status: z.enum(ORDER_STATUSES, { error: "Status must be Pending, Shipped or Cancelled." }).optional(),
});

export const orderStatusInput = z.object({
  status: z.enum(["Shipped", "Cancelled"], { error: "Status must be 'Shipped' or 'Cancelled'." }),
});
