import { z } from "zod";
import { AUDIT_ACTIONS } from "../../domain/audit/index.ts";
import { productInput } from "../../domain/catalog/index.ts";
import { ACCEPTED_IMAGE_TYPES } from "../../domain/media/index.ts";
import { checkoutInput, ORDER_STATUSES, orderInput } from "../../domain/orders/index.ts";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../../domain/payments/index.ts";
import { ERROR_STATUS } from "../../domain/shared/errors.ts";
import { idSchema } from "../../domain/shared/schemas.ts";
import { wishlistInput } from "../../domain/wishlist/index.ts";

/**
 * What the API sends and, where its names differ from the domain's, what it receives. The serializers
 * are typed by these schemas and the OpenAPI document is generated from them, so neither can drift
 * from the other. Each schema added here becomes `#/components/schemas/<id>` and is referenced by `$ref`.
 */
export const wireSchemas = z.registry<{ id: string }>();

function component<T extends z.ZodType>(id: string, schema: T): T {
  wireSchemas.add(schema, { id });
  return schema;
}

const timestamp = z.string().meta({ format: "date-time", description: "UTC, ISO 8601" });
const dollars = z.number().meta({ description: "US dollars" });
const imageUrl = z.string().meta({ description: "URL of the 480 px WebP image" });

export const errorWire = component(
  "Error",
  z
    .object({
      error: z.object({
        code: z.enum([
          ...(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]),
          "internal",
          "method_not_allowed",
        ]),
        message: z.string().meta({ description: "Safe to show to the user" }),
        fields: z
          .record(z.string(), z.string())
          .optional()
          .meta({ description: "A message per invalid field, named as the client sent it" }),
        variants: z
          .array(z.object({ variantId: z.string(), available: z.number().int(), wanted: z.number().int() }))
          .optional()
          .meta({ description: "With `out_of_stock`: each variant that is short, how many are left and wanted" }),
      }),
    })
    .meta({ description: "Every failure, with its HTTP status" }),
);

export const categoryWire = component(
  "Category",
  z.object({ id: z.string(), slug: z.string(), name: z.string(), department: z.string() }),
);

export const productWire = component(
  "Product",
  z.object({
    _id: z.string(),
    title: z.string(),
    price: dollars,
    Categories: z.string().meta({ description: "The category names, comma-separated" }),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    desc1: z.string(),
    desc2: z.string(),
    desc3: z.string(),
    desc4: z.string(),
    image: imageUrl,
    images: z.record(z.string(), z.string()).meta({ description: "URL of the WebP image per width in pixels" }),
    imageWidth: z.number().int(),
    imageHeight: z.number().int(),
    available: z.boolean().meta({ description: "Whether any variant is in stock" }),
    status: z.enum(["draft", "published"]).meta({ description: "Drafts are shown to admins only" }),
    createdAt: timestamp,
  }),
);

export const productImageWire = component(
  "ProductImage",
  z.object({
    id: z.string(),
    image: imageUrl,
    images: z.record(z.string(), z.string()).meta({ description: "URL of the WebP image per width in pixels" }),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
    position: z.number().int().meta({ description: "0 is the product's main image" }),
  }),
);

const facetValue = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int() });

export const searchAnswerWire = component(
  "SearchAnswer",
  z.object({
    items: z.array(productWire),
    total: z.number().int().meta({ description: "How many products match (all pages)" }),
    facets: z.object({
      category: z
        .array(facetValue(z.string()).extend({ label: z.string() }))
        .meta({ description: "Matching products per category slug, ignoring the category filter" }),
      price: z
        .array(facetValue(z.string()).extend({ min: dollars, max: dollars.nullable() }))
        .meta({ description: "Matching products per price range (`min` ≤ price < `max`), ignoring the price filter" }),
      in_stock: z
        .array(facetValue(z.boolean()))
        .meta({ description: "Matching products in stock and sold out, ignoring the in_stock filter" }),
    }),
    corrected: z
      .string()
      .optional()
      .meta({ description: 'The search as understood when a word was corrected ("shrit" → "shirt")' }),
    didYouMean: z.string().optional().meta({ description: "When nothing matches: a search that finds something" }),
  }),
);

export const variantWire = component(
  "Variant",
  z.object({
    id: z.string(),
    sku: z.string(),
    title: z.string().meta({ description: 'The chosen values, e.g. "M / Navy"; "Default" without options' }),
    options: z.record(z.string(), z.string()).meta({ description: "The value chosen for each option" }),
    price: dollars,
    stock: z.number().int().meta({ description: "Units on hand" }),
    image: imageUrl.nullable(),
  }),
);

export const productDetailWire = component(
  "ProductDetail",
  productWire.extend({
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variants: z.array(variantWire),
    gallery: z.array(productImageWire).meta({ description: "The product's images in order" }),
  }),
);

/** The copy of a product an order or a wishlist keeps; `_id` is null once the product is deleted. */
export const productCopyWire = component(
  "ProductCopy",
  z
    .object({ _id: z.string().nullable(), title: z.string(), price: dollars, image: imageUrl })
    .meta({ description: "A copy of the product as it was; `_id` is null once the product is deleted" }),
);

export const orderLineWire = component(
  "OrderLine",
  z.object({
    product_id: z.string().nullable(),
    variant_id: z.string().nullable(),
    title: z.string(),
    variant_title: z.string().nullable(),
    sku: z.string().nullable(),
    unit_price: dollars,
    quantity: z.number().int(),
    line_total: dollars,
    image: imageUrl,
  }),
);

export const orderWire = component(
  "Order",
  z.object({
    _id: z.string(),
    order_id: z.number().int().meta({ description: "The order number shown to the customer" }),
    time: timestamp,
    full_name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string(),
    checkbox: z.boolean().meta({ description: "Whether the customer confirmed the acknowledgement" }),
    user_email: z.string(),
    status: z.object({ status: z.enum(ORDER_STATUSES) }),
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_method: z.enum(PAYMENT_METHODS),
    transfer_offered: z.boolean().nullable().meta({
      description:
        "Whether pay on delivery came with the shop's bank transfer details when the order was placed (null: placed before that was recorded)",
    }),
    booking_deatils: productCopyWire.nullable().meta({ description: "The first line's product" }),
    lines: z.array(orderLineWire),
    total: dollars,
  }),
);

export const wishlistItemWire = component(
  "WishlistItem",
  z.object({ _id: z.string(), user_email: z.string(), product_deatils: productCopyWire, createdAt: timestamp }),
);

export const reviewWire = component(
  "Review",
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string().optional().meta({ description: "Shown to admins only" }),
    description: z.string(),
    rating: z.number(),
    createdAt: timestamp,
  }),
);

export const sessionSummaryWire = component(
  "SessionSummary",
  z.object({
    user: z
      .object({ name: z.string(), email: z.string(), image: z.string().nullable(), admin: z.boolean() })
      .nullable()
      .meta({ description: "The signed-in account, or null" }),
    cartCount: z.number().int().meta({ description: "Items in the cart (a visitor's, or the account's)" }),
  }),
);

export const accountWire = component(
  "Account",
  z.object({ email: z.string(), displayName: z.string(), admin: z.boolean() }),
);

// The original shop's MongoDB-style answers to writes.
const acknowledged = z.literal(true);

export const insertedWire = component("Inserted", z.object({ acknowledged, insertedId: z.string() }));
export const deletedWire = component("Deleted", z.object({ acknowledged, deletedCount: z.number().int() }));
export const modifiedWire = component(
  "Modified",
  z.object({ acknowledged, matchedCount: z.number().int(), modifiedCount: z.number().int() }),
);
export const productAddedWire = component("ProductAdded", insertedWire.extend({ product: productDetailWire }));
export const productEditedWire = component(
  "ProductEdited",
  productDetailWire.extend({
    editedFrom: z.string().meta({
      description: "Send it back as `editedFrom` with the next edit: refused (409) if the product changed meanwhile",
    }),
  }),
);
export const orderPlacedWire = component("OrderPlaced", insertedWire.extend({ order: orderWire }));
export const wishlistItemAddedWire = component("WishlistItemAdded", insertedWire.extend({ item: wishlistItemWire }));
export const reviewAddedWire = component("ReviewAdded", insertedWire.extend({ review: reviewWire }));
export const orderStatusChangedWire = component(
  "OrderStatusChanged",
  modifiedWire.extend({ matchedCount: z.literal(1), order: orderWire }),
);
export const orderCancelledWire = component(
  "OrderCancelled",
  z
    .object({
      acknowledged,
      deletedCount: z.literal(0),
      modifiedCount: z.number().int(),
      cancelled: z.literal(true),
      order: orderWire,
    })
    .meta({ description: "The customer's delete: the order is kept, with status Cancelled" }),
);
export const healthWire = z.object({ ok: z.literal(true) });

export const cartItemWire = component(
  "CartItem",
  z.object({
    id: z.string(),
    variantId: z.string(),
    productId: z.string(),
    title: z.string(),
    variantTitle: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    unitPrice: dollars.meta({ description: "Today's price from the catalogue" }),
    lineTotal: dollars,
    image: imageUrl,
    stock: z.number().int(),
  }),
);

export const cartWire = component(
  "Cart",
  z.object({
    items: z.array(cartItemWire),
    subtotal: dollars,
    itemCount: z.number().int(),
    fingerprint: z.string().meta({
      description: "The cart's lines and prices as of this answer: send it as `cart_fingerprint` when checking out",
    }),
  }),
);

export const cartItemAddedWire = component("CartItemAdded", cartWire.extend({ item: cartItemWire }));

export const paymentStartWire = component(
  "PaymentStart",
  z.object({
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    url: z
      .string()
      .nullable()
      .meta({ description: "With a card: the provider's payment page to send the customer to" }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .optional()
      .meta({ description: "The payment page could not be opened (the order is saved and can be paid later)" }),
  }),
);

export const checkoutPlacedWire = component(
  "CheckoutPlaced",
  insertedWire.extend({ order: orderWire, payment: paymentStartWire }),
);

export const paymentOpenedWire = component("PaymentOpened", z.object({ payment: paymentStartWire }));

export const webhookAnswerWire = component(
  "WebhookAnswer",
  z.object({ received: z.literal(true), applied: z.boolean(), outcome: z.string().optional() }),
);

export type ErrorWire = z.infer<typeof errorWire>;
export type CategoryWire = z.infer<typeof categoryWire>;
export type ProductWire = z.infer<typeof productWire>;
export type SearchAnswerWire = z.infer<typeof searchAnswerWire>;
export type OrderWire = z.infer<typeof orderWire>;
export type WishlistItemWire = z.infer<typeof wishlistItemWire>;
export type ReviewWire = z.infer<typeof reviewWire>;
export type AccountWire = z.infer<typeof accountWire>;
export type SessionSummaryWire = z.infer<typeof sessionSummaryWire>;
export type Inserted = z.infer<typeof insertedWire>;
export type Deleted = z.infer<typeof deletedWire>;
export type Modified = z.infer<typeof modifiedWire>;
export type ProductAdded = z.infer<typeof productAddedWire>;
export type ProductEdited = z.infer<typeof productEditedWire>;
export type OrderPlaced = z.infer<typeof orderPlacedWire>;
export type WishlistItemAdded = z.infer<typeof wishlistItemAddedWire>;
export type ReviewAdded = z.infer<typeof reviewAddedWire>;
export type OrderStatusChanged = z.infer<typeof orderStatusChangedWire>;
export type OrderCancelled = z.infer<typeof orderCancelledWire>;
export type Health = z.infer<typeof healthWire>;
export type VariantWire = z.infer<typeof variantWire>;
export type ProductDetailWire = z.infer<typeof productDetailWire>;
export type CartWire = z.infer<typeof cartWire>;
export type CartItemAdded = z.infer<typeof cartItemAddedWire>;
export type CheckoutPlaced = z.infer<typeof checkoutPlacedWire>;
export type WebhookAnswer = z.infer<typeof webhookAnswerWire>;
export type PaymentOpened = z.infer<typeof paymentOpenedWire>;

// Requests whose wire names differ from the domain's: the domain's own schemas with the spec's names.

const productReference = z
  .looseObject({ _id: idSchema })
  .meta({ description: "The original shop's copy of the product: only its `_id` is read" });

/** POST /orders: `orderInput` as the original shop sends it (see orderInputFromWire). */
export const orderRequest = orderInput
  .omit({ customerEmail: true, requestKey: true, priceSeen: true })
  .extend({
    booking_deatils: productReference.optional(),
    user_email: orderInput.shape.customerEmail.meta({
      description: "The customer the order is for; it must be the signed-in customer",
    }),
    request_key: orderInput.shape.requestKey.meta({
      description: "A key the client makes once per order form: the same key twice places one order",
    }),
    price_seen: dollars.min(0).optional().meta({
      description:
        "The unit price the customer was shown (the variant's `price`): the order is refused (409 `conflict`, nothing written) when the price changed since. Absent: today's price, as before",
    }),
  })
  .meta({ description: "`productId` or `booking_deatils._id` names the product" });

/** POST /wishlist: `wishlistInput` as the original shop sends it. */
export const wishlistRequest = wishlistInput
  .omit({ customerEmail: true })
  .extend({
    product_deatils: productReference.optional(),
    user_email: wishlistInput.shape.customerEmail.meta({ description: "It must be the signed-in user" }),
  })
  .meta({ description: "`productId` or `product_deatils._id` names the product" });

/** POST /products: the add-product form with its image file. */
export const productRequest = productInput.extend({
  image: z.file().meta({ description: `The product's photo: ${ACCEPTED_IMAGE_TYPES.join(", ")}` }),
});

/** POST /checkout: the order form, with `payment_method` (the key comes in the Idempotency-Key header). */
export const checkoutRequest = checkoutInput
  .omit({ requestKey: true, paymentMethod: true, cartSeen: true })
  .extend({
    payment_method: checkoutInput.shape.paymentMethod,
    cart_fingerprint: checkoutInput.shape.cartSeen.meta({
      description:
        "The cart's `fingerprint` as the customer saw it: the order is refused (409) when the cart or a price changed since",
    }),
  })
  .meta({ description: "The shipping and billing form; `payment_method` is `cod` unless `stripe` is offered" });

export const auditEntryWire = component(
  "AuditEntry",
  z.object({
    id: z.string(),
    actor: z.object({ id: z.string().nullable(), email: z.string() }),
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    summary: z.string(),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .nullable()
      .meta({ description: "What changed, field by field" }),
    createdAt: timestamp,
  }),
);
export type AuditEntryWire = z.infer<typeof auditEntryWire>;

export const productImportWire = component(
  "ProductImport",
  z.object({
    created: z.number().int().meta({ description: "Rows whose SKU is new (variants added)" }),
    updated: z.number().int().meta({ description: "Rows whose SKU existed and whose data changed" }),
    errors: z.array(z.object({ row: z.number().int(), message: z.string() })).meta({
      description: "Every bad row, by its number in the file (the header is row 1); empty when imported",
    }),
    dryRun: z.boolean(),
    ignoredColumns: z.array(z.string()).meta({
      description:
        "The file's columns the import does not read (a misspelled name, a column of notes), as written: the first 20, each cut to 80 characters",
    }),
  }),
);
export type ProductImportWire = z.infer<typeof productImportWire>;
export type ProductImageWire = z.infer<typeof productImageWire>;
export const inventoryRowWire = component(
  "InventoryRow",
  z.object({
    variant_id: z.string(),
    product_id: z.string(),
    product_title: z.string(),
    product_status: z.enum(["draft", "published"]),
    sku: z.string(),
    title: z.string(),
    options: z.record(z.string(), z.string()),
    stock: z.number().int(),
  }),
);
export type InventoryRowWire = z.infer<typeof inventoryRowWire>;

// ── the admin's orders, customers and stats ──

export const orderEventWire = component(
  "OrderEvent",
  z.object({
    field: z
      .enum(["status", "payment"])
      .meta({ description: "Which changed: the order's status or its payment status" }),
    from: z.string().nullable().meta({ description: "null when the order was placed" }),
    to: z.string(),
    actor: z.object({
      kind: z.enum(["customer", "admin", "provider", "system"]),
      id: z.string().nullable(),
      email: z.string().nullable().meta({ description: "The person's email, or the provider's name" }),
    }),
    note: z.string().nullable(),
    at: timestamp,
  }),
);

export const orderDetailWire = component(
  "OrderDetail",
  z.object({
    order: orderWire,
    history: z.array(orderEventWire).meta({ description: "Every change of status and payment status, oldest first" }),
    payment: z
      .object({
        method: z.enum(PAYMENT_METHODS),
        status: z.enum(PAYMENT_STATUSES),
        amount: dollars,
        currency: z.string(),
        problem: z.string().nullable(),
        created_at: timestamp,
      })
      .nullable()
      .meta({ description: "The latest card payment attempt, if any" }),
    customer: z
      .object({ _id: z.string(), email: z.string(), name: z.string(), disabled: z.boolean() })
      .nullable()
      .meta({ description: "The account that placed the order (null once it is gone)" }),
  }),
);

export const paymentReceivedWire = component(
  "PaymentReceived",
  orderDetailWire.extend({
    modifiedCount: z
      .number()
      .int()
      .meta({ description: "1 when this call recorded the payment, 0 when it already was" }),
  }),
);

export const shipmentRequest = z
  .object({ orderIds: z.array(idSchema).min(1).max(100) })
  .meta({ description: "The orders to ship (at most 100)" });

export const shipmentAnswerWire = component(
  "ShipmentAnswer",
  z.object({
    shipped: z.number().int().meta({ description: "How many orders this call shipped" }),
    results: z.array(
      z.object({
        orderId: z.string(),
        order_id: z.number().int().nullable().meta({ description: "The order number (null when not found)" }),
        outcome: z.enum(["shipped", "already_shipped", "refused", "not_found"]),
        message: z.string(),
      }),
    ),
  }),
);

export const customerWire = component(
  "Customer",
  z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    admin: z.boolean(),
    disabled: z.boolean().meta({ description: "A disabled account cannot sign in" }),
    created_at: timestamp,
    order_count: z.number().int(),
    total_spent: dollars.meta({ description: "Sales only: orders not cancelled and paid or pay on delivery" }),
  }),
);

export const customerDetailWire = component(
  "CustomerDetail",
  z.object({ customer: customerWire, orders: z.array(orderWire), order_total: z.number().int() }),
);

export const customerChangedWire = component(
  "CustomerChanged",
  z.object({ acknowledged, modifiedCount: z.number().int(), customer: customerWire }),
);

export const statsWire = component(
  "Stats",
  z.object({
    rule: z.string().meta({ description: "What counts as a sale" }),
    periods: z.array(
      z.object({
        key: z.enum(["today", "7d", "30d"]),
        label: z.string(),
        since: z.string().meta({ description: "The first UTC day counted" }),
        orders: z.number().int(),
        revenue: dollars,
        average_order_value: dollars,
      }),
    ),
    revenue_per_day: z.array(z.object({ day: z.string(), orders: z.number().int(), revenue: dollars })),
    top_products: z.array(
      z.object({ product_id: z.string(), title: z.string(), units: z.number().int(), revenue: dollars }),
    ),
    low_stock: z.array(
      z.object({
        variant_id: z.string(),
        product_id: z.string(),
        title: z.string(),
        variant_title: z.string(),
        sku: z.string(),
        stock: z.number().int(),
      }),
    ),
    low_stock_threshold: z.number().int(),
  }),
);

export type OrderDetailWire = z.infer<typeof orderDetailWire>;
export type PaymentReceivedWire = z.infer<typeof paymentReceivedWire>;
export type ShipmentAnswer = z.infer<typeof shipmentAnswerWire>;
export type CustomerWire = z.infer<typeof customerWire>;
export type CustomerDetailWire = z.infer<typeof customerDetailWire>;
export type CustomerChanged = z.infer<typeof customerChangedWire>;
export type StatsWire = z.infer<typeof statsWire>;
