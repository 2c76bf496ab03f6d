import { z } from "zod";
import { PAYMENT_STATUSES, paymentMethodSchema } from "../payments/index.ts";
import { pageQuery } from "../shared/pagination.ts";
import { PHONE_MAX_LENGTH, PHONE_PATTERN } from "../shared/phone.ts";
import { emailSchema, hasNoNul, idSchema, oneLineText, requiredText } from "../shared/schemas.ts";
import { MAX_LINE_QUANTITY, MAX_ORDER_TOTAL_CENTS } from "./limits.ts";
import { ORDER_STATUSES } from "./status.ts";

export { MAX_LINE_QUANTITY, MAX_ORDER_TOTAL_CENTS } from "./limits.ts";

const accepted = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")], {
    error: "Please confirm the acknowledgement.",
  })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true")
  .refine((v) => v, "Please confirm the acknowledgement.");

/**
 * The shipping and billing form, with the field names the order page and the API have always used
 * (`full_name`, `zip`, `checkbox` for the acknowledgement).
 */
export const shippingInput = z.object({
  full_name: oneLineText("Full name", 120),
  address: oneLineText("Address", 200),
  city: oneLineText("City", 100),
  state: oneLineText("State", 100),
  zip: requiredText("Zip", 12).regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, "Enter a valid zip or postal code."),
  phone: requiredText("Phone", PHONE_MAX_LENGTH).regex(PHONE_PATTERN, "Enter a valid phone number."),
  checkbox: accepted,
});
export type ShippingInput = z.infer<typeof shippingInput>;

/** A key the client makes once per form: the same key twice means the same order. */
export const requestKeySchema = z
  .string()
  .trim()
  .min(8, "The request key must have at least 8 characters.")
  .max(100, "The request key must have at most 100 characters.")
  .regex(/^[A-Za-z0-9_-]+$/, "The request key may hold letters, digits, - and _ only.");

/** One product, ordered with the shipping form. */
export const orderInput = shippingInput.extend({
  productId: idSchema.optional(),
  /** which size, colour…: the product's first variant when absent */
  variantId: idSchema.optional(),
  quantity: z.coerce
    .number({ error: "Quantity must be a whole number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`)
    .default(1),
  /** the customer the order is for, when the client names one: it must be the signed-in customer */
  customerEmail: emailSchema.optional(),
  requestKey: requestKeySchema.optional(),
  /**
   * The unit price (cents) the customer's page showed: the order is refused (409) when the price
   * changed since (decision 035). Absent: placed at today's price, as before.
   */
  priceSeen: z.preprocess(
    (v) => (v === "" ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "The price seen is not a price." })
      .int("The price seen is not a price.")
      .min(0, "The price seen is not a price.")
      .max(MAX_ORDER_TOTAL_CENTS, "The price seen is not a price.")
      .optional(),
  ),
});
export type OrderInput = z.infer<typeof orderInput>;

/** The checkout form: shipping and billing, and the key that makes a retry the same order. */
export const checkoutInput = shippingInput.extend({
  requestKey: requestKeySchema.optional(),
  paymentMethod: paymentMethodSchema.default("cod"),
  /** the cart as the customer saw it (`cartFingerprint`): refused when it changed since */
  cartSeen: z.string({ error: "The cart's fingerprint must be text." }).max(64).optional(),
});

export const orderListQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES, { error: "Status must be Pending, Shipped or Cancelled." }).optional(),
});

export const orderStatusInput = z.object({
  status: z.enum(["Shipped", "Cancelled"], { error: "Status must be 'Shipped' or 'Cancelled'." }),
});

/** An empty query parameter (a form's blank field) means "not given". */
const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

/** A calendar day, `YYYY-MM-DD` (UTC), as a date input sends it. */
export const dayParam = (label: string) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-11-23.`)
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        {
          message: `${label} is not a real date.`,
        },
      )
      .optional(),
  );

/**
 * The admin's order list: the status filter, plus `q` (an order number, or part of the customer's
 * email or name), `payment` (payment status) and a date range `from`–`to` (UTC days, both included).
 */
export const adminOrderQuery = orderListQuery
  .extend({
    status: z.preprocess(blankAsMissing, orderListQuery.shape.status),
    q: z.preprocess(
      blankAsMissing,
      z.string().trim().max(254, "q must be at most 254 characters.").refine(hasNoNul, "q is not valid.").optional(),
    ),
    payment: z.preprocess(
      blankAsMissing,
      z.enum(PAYMENT_STATUSES, { error: `payment must be one of ${PAYMENT_STATUSES.join(", ")}.` }).optional(),
    ),
    from: dayParam("from"),
    to: dayParam("to"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "to must not be before from." });
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

/** The most orders one bulk shipment takes. */
export const MAX_BULK_ORDERS = 100;

/** Ship several orders at once: `{ orderIds: [...] }` (a form sends `orderIds` once per ticked box). */
export const shipmentInput = z.object({
  orderIds: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z
      .array(idSchema, { error: "orderIds must be a list of order ids." })
      .min(1, "Select at least one order.")
      .max(MAX_BULK_ORDERS, `Ship at most ${MAX_BULK_ORDERS} orders at once.`),
  ),
});
