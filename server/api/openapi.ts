import { z } from "zod";
import { accountSearchQuery, makeAdminInput, profileInput } from "../../domain/accounts/index.ts";
import { auditListQuery } from "../../domain/audit/index.ts";
import { cartItemInput, cartQuantityInput } from "../../domain/cart/index.ts";
import {
  imageOrderInput,
  productListQuery,
  productUpdateInput,
  variantUpdateInput,
} from "../../domain/catalog/index.ts";
import { contactInput } from "../../domain/content/index.ts";
import { inventoryQuery } from "../../domain/inventory/index.ts";
import { adminOrderQuery, orderListQuery, orderStatusInput, requestKeySchema } from "../../domain/orders/index.ts";
import { reviewInput } from "../../domain/reviews/index.ts";
import { pageQuery } from "../../domain/shared/pagination.ts";
import { emailSchema, idSchema } from "../../domain/shared/schemas.ts";
import type { Config } from "../config.ts";
import {
  accountWire,
  auditEntryWire,
  cartItemAddedWire,
  cartWire,
  categoryWire,
  checkoutPlacedWire,
  checkoutRequest,
  customerChangedWire,
  customerDetailWire,
  customerWire,
  deletedWire,
  healthWire,
  insertedWire,
  inventoryRowWire,
  modifiedWire,
  orderCancelledWire,
  orderDetailWire,
  orderPlacedWire,
  orderRequest,
  orderStatusChangedWire,
  orderWire,
  paymentOpenedWire,
  paymentReceivedWire,
  productAddedWire,
  productDetailWire,
  productEditedWire,
  productImageWire,
  productImportWire,
  productRequest,
  productWire,
  reviewAddedWire,
  reviewWire,
  searchAnswerWire,
  sessionSummaryWire,
  shipmentAnswerWire,
  shipmentRequest,
  statsWire,
  variantWire,
  webhookAnswerWire,
  wireSchemas,
  wishlistItemAddedWire,
  wishlistItemWire,
  wishlistRequest,
} from "./wire-schemas.ts";

/**
 * The OpenAPI description of /api. Requests are described by the zod schemas the domain validates
 * with (as the client may send them: io "input"), answers by the wire schemas the serializers are
 * typed by (io "output"). A test validates the document and compares its paths with the server's routes.
 */
type JsonSchema = Record<string, unknown>;

const COMPONENTS = "#/components/schemas/";

/** Points the converter's `#/$defs/X` at `#/components/schemas/X`, where every wire schema is. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === "$ref" && typeof v === "string" ? v.replace("#/$defs/", COMPONENTS) : toComponentRefs(v),
    ]),
  );
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const {
    $schema: _,
    $defs: __,
    ...rest
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    metadata: io === "output" ? wireSchemas : undefined,
  });
  return toComponentRefs(rest) as JsonSchema;
}

const input = (schema: z.ZodType) => jsonSchema(schema, "input");
const output = (schema: z.ZodType) => jsonSchema(schema, "output");

function components(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(wireSchemas, {
    io: "output",
    unrepresentable: "any",
    uri: (id) => `${COMPONENTS}${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [id, schema as JsonSchema]),
  );
}

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const answer = (description: string, schema: z.ZodType) => ({ description, content: json(output(schema)) });
const listAnswer = (description: string, item: z.ZodType) => ({
  ...answer(description, z.array(item)),
  headers: { "X-Total-Count": { description: "Total number of matching items", schema: { type: "integer" } } },
});
const errorText: Record<number, string> = {
  400: "Bad request: unreadable body or invalid query parameters",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict with the current state",
  413: "Upload too large",
  415: "Wrong content type or not an image",
  422: "Invalid fields",
  429: "Too many requests: wait the seconds Retry-After says",
  502: "The payment provider could not be reached (nothing changed)",
};
const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      { description: errorText[code], content: json({ $ref: `${COMPONENTS}Error` }) },
    ]),
  );
const queryParams = (schema: z.ZodObject) =>
  Object.entries((input(schema) as { properties: Record<string, JsonSchema> }).properties).map(([name, s]) => ({
    name,
    in: "query",
    required: false,
    schema: s,
  }));
const pathParam = (name: string, description: string, schema: z.ZodType = idSchema) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: input(schema),
});
const body = (schema: z.ZodType) => ({ required: true, content: json(input(schema)) });

export function openApiDocument(config: Config) {
  const email = (whose: string) => pathParam("key", `${whose} email address`, emailSchema);
  const id = (what: string) => pathParam("id", `The ${what}'s \`_id\``);
  const idAsKey = (what: string) => pathParam("key", `The ${what}'s \`_id\``);
  return {
    openapi: "3.1.0",
    info: {
      title: `${config.shopName} API`,
      version: "1.0.0",
      description: "Sign in through /api/auth (cookie session) or send `Authorization: Bearer <token>`.",
    },
    servers: [{ url: `${config.publicUrl}/api` }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        bearer: { type: "http", scheme: "bearer" },
      },
      schemas: components(),
    },
    paths: {
      "/health": { get: { summary: "Liveness", responses: { 200: answer("Up", healthWire) } } },
      "/openapi.json": {
        get: {
          summary: "This document",
          responses: { 200: answer("OpenAPI 3.1", z.looseObject({ openapi: z.string() })) },
        },
      },
      "/products": {
        get: {
          summary: "List products",
          description:
            "Paginated. `q` searches titles, category names and feature lines (the last word may be unfinished; a word of five letters or more may have one typo) and sorts by relevance; `category`, `min_price`, `max_price` and `in_stock` filter; `sort` orders; `seed` gives a stable shuffled order. Anonymous answers carry an `ETag` and may be cached by a CDN for a minute.",
          parameters: queryParams(productListQuery),
          responses: { 200: listAnswer("Products", productWire), ...errors(400) },
        },
        post: {
          summary: "Add a product",
          description: "Admins only.",
          requestBody: { required: true, content: { "multipart/form-data": { schema: input(productRequest) } } },
          responses: { 201: answer("Added", productAddedWire), ...errors(400, 401, 403, 413, 415, 422) },
        },
      },
      "/products/{id}": {
        get: {
          summary: "Get a product",
          description: "With its options and variants (each with SKU, price and stock on hand).",
          parameters: [id("product")],
          responses: { 200: answer("The product", productDetailWire), ...errors(404) },
        },
        put: {
          summary: "Edit a product",
          description:
            "Admins only; JSON, any of the fields (absent ones stay). `variants` replaces the product's variants: ones without `id` are added, ones left out removed. `status: draft` hides the product from everyone but admins. `editedFrom` (from the previous edit's answer, or the admin page) makes the edit refused with 409 when the product changed since — another tab, an import, another admin — instead of putting back what that client last saw.",
          parameters: [id("product")],
          requestBody: body(productUpdateInput),
          responses: { 200: answer("The product", productEditedWire), ...errors(400, 401, 403, 404, 409, 415, 422) },
        },
        delete: {
          summary: "Delete a product",
          description: "Admins only.",
          parameters: [id("product")],
          responses: { 200: answer("Deleted", deletedWire), ...errors(401, 403, 404) },
        },
      },
      "/products/{id}/images": {
        post: {
          summary: "Add an image to a product",
          description:
            "Admins only: multipart `image` (JPEG, PNG, WebP, GIF or AVIF) and optional `alt`; it goes last.",
          parameters: [id("product")],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: { image: { type: "string", format: "binary" }, alt: { type: "string" } },
                  required: ["image"],
                },
              },
            },
          },
          responses: {
            201: answer("The gallery", z.array(productImageWire)),
            ...errors(400, 401, 403, 404, 409, 413, 415, 422),
          },
        },
        put: {
          summary: "Order a product's images and set their alt text",
          description: "Admins only: every image of the product once, in the new order; the first is the main image.",
          parameters: [id("product")],
          requestBody: body(imageOrderInput),
          responses: { 200: answer("The gallery", z.array(productImageWire)), ...errors(400, 401, 403, 404, 415, 422) },
        },
      },
      "/products/{id}/images/{imageId}": {
        delete: {
          summary: "Remove an image of a product",
          description: "Admins only; a product keeps at least one image (409).",
          parameters: [id("product"), pathParam("imageId", "The image's `id`")],
          responses: { 200: answer("The gallery", z.array(productImageWire)), ...errors(401, 403, 404, 409) },
        },
      },
      "/search": {
        get: {
          summary: "Search products, with facet counts",
          description:
            "The same search and filters as `GET /products`, answering `{ items, total, facets }` and, when a word was corrected or nothing matches, `corrected` or `didYouMean`.",
          parameters: queryParams(productListQuery),
          responses: { 200: answer("A page of matches", searchAnswerWire), ...errors(400) },
        },
      },
      "/session": {
        get: {
          summary: "Who is asking, and their cart's count",
          description:
            "The personal parts of a page header, which pages shared by every anonymous visitor load apart. Never cached.",
          responses: { 200: answer("The session's summary", sessionSummaryWire) },
        },
      },
      "/categories": {
        get: { summary: "List categories", responses: { 200: answer("Categories", z.array(categoryWire)) } },
      },
      "/orders": {
        get: {
          summary: "List all orders",
          description:
            "Admins only. `status` and `payment` (payment status) filter, `from`/`to` (UTC days, both included) bound the date, `q` finds an order number or part of the customer's email or name.",
          parameters: queryParams(adminOrderQuery),
          responses: { 200: listAnswer("Orders", orderWire), ...errors(400, 401, 403) },
        },
        post: {
          summary: "Place an order",
          description:
            "Signed-in customers. One line: `quantity` (default 1) of the variant `variantId` (default the product's first). With `price_seen`, the unit price the customer was shown, an order whose price changed since is refused (409 `conflict`) and nothing is written. More than is in stock is a 409 `out_of_stock` (with `fields.quantity`), and nothing changes.",
          requestBody: body(orderRequest),
          responses: { 201: answer("Placed", orderPlacedWire), ...errors(400, 401, 403, 404, 409, 415, 422) },
        },
      },
      "/orders/{key}": {
        description: "`key` is the customer's email address for GET, and the order's `_id` for PUT and DELETE.",
        get: {
          summary: "List a customer's orders",
          description: "The customer's orders, by email address: for that customer or an admin.",
          parameters: [email("The customer's"), ...queryParams(orderListQuery)],
          responses: { 200: listAnswer("Orders", orderWire), ...errors(400, 401, 403) },
        },
        put: {
          summary: "Ship or cancel an order",
          description: "An order, by id: `Shipped` (admins) or `Cancelled` (its customer, while Pending).",
          parameters: [idAsKey("order")],
          requestBody: body(orderStatusInput),
          responses: { 200: answer("Changed", orderStatusChangedWire), ...errors(400, 401, 403, 404, 409, 415, 422) },
        },
        delete: {
          summary: "Delete or cancel an order",
          description: "An order, by id. An admin's delete erases it; its customer's cancels it (kept as Cancelled).",
          parameters: [idAsKey("order")],
          responses: {
            200: answer("Erased (admin) or cancelled (customer)", z.union([deletedWire, orderCancelledWire])),
            ...errors(401, 403, 404, 409),
          },
        },
      },
      "/orders/{id}/payment": {
        post: {
          summary: "Pay an order now",
          description:
            "The order's customer: the card payment page of an unpaid card order — the one already open if it stays open long enough, else a new one (the same idempotency per attempt as checkout). An order with nothing left to pay online (paid, pay on delivery, cancelled) is a 409; another customer's order a 404; an admin does not pay a customer's order (403). The provider down → 502 and nothing changes. With rate limits on, a customer may ask 10 times in 10 minutes (429 with Retry-After).",
          parameters: [id("order")],
          responses: {
            200: answer("Where to pay", paymentOpenedWire),
            ...errors(401, 403, 404, 409, 429, 502),
          },
        },
      },
      "/wishlist": {
        post: {
          summary: "Add to my wishlist",
          requestBody: body(wishlistRequest),
          responses: { 201: answer("Added", wishlistItemAddedWire), ...errors(400, 401, 403, 404, 409, 415, 422) },
        },
      },
      "/wishlist/{key}": {
        description: "`key` is the user's email address for GET, and the wishlist item's `_id` for DELETE.",
        get: {
          summary: "Get a wishlist",
          description: "A user's wishlist, by email address: for that user or an admin.",
          parameters: [email("The user's")],
          responses: { 200: answer("Items", z.array(wishlistItemWire)), ...errors(401, 403) },
        },
        delete: {
          summary: "Remove from my wishlist",
          description: "A wishlist item, by id.",
          parameters: [idAsKey("wishlist item")],
          responses: { 200: answer("Removed", deletedWire), ...errors(401, 403, 404) },
        },
      },
      "/reviews": {
        get: {
          summary: "List reviews",
          description: "Reviewers' email addresses are shown to admins only.",
          parameters: queryParams(pageQuery),
          responses: { 200: listAnswer("Reviews", reviewWire), ...errors(400) },
        },
        post: {
          summary: "Write a review",
          description: "Signed-in users; the name and email come from the account.",
          requestBody: body(reviewInput),
          responses: { 201: answer("Added", reviewAddedWire), ...errors(400, 401, 415, 422) },
        },
      },
      "/reviews/{id}": {
        delete: {
          summary: "Delete a review",
          description: "Admins only.",
          parameters: [id("review")],
          responses: { 200: answer("Deleted", deletedWire), ...errors(401, 403, 404) },
        },
      },
      "/users": {
        put: {
          summary: "Set my display name",
          requestBody: body(profileInput),
          responses: { 200: answer("Set", modifiedWire), ...errors(400, 401, 403, 415, 422) },
        },
        post: {
          summary: "Set my display name (after registration)",
          requestBody: body(profileInput),
          responses: { 200: answer("Set", modifiedWire), ...errors(400, 401, 403, 415, 422) },
        },
      },
      "/users/{key}": {
        description: "`key` is an account's email address for GET; PUT takes only `admin`.",
        get: {
          summary: "Get an account",
          description: "An account by email address, with whether it is an admin: for that user or an admin.",
          parameters: [email("The account's")],
          responses: { 200: answer("The account", accountWire), ...errors(401, 403, 404) },
        },
        put: {
          summary: "Make an account admin",
          description: "`PUT /users/admin`, admins only: the account named in the body becomes an admin.",
          parameters: [pathParam("key", "Always `admin`", z.literal("admin"))],
          requestBody: body(makeAdminInput),
          responses: { 200: answer("Made admin", modifiedWire), ...errors(400, 401, 403, 404, 415, 422) },
        },
      },
      "/variants/{id}": {
        patch: {
          summary: "Change a variant's stock or price",
          description:
            "Admins only. `price: null` makes the variant follow its product's price again. `stockWas` (optional, a whole number like `stock`) is the stock the client read: `stock` is then written only if it differs from `stockWas`, and only if the stock is still `stockWas`; if an order (or an edit) changed it meanwhile, the answer is 409 `conflict` naming both figures and the stock that keeps both changes (in `fields.stock`), and nothing changes. Without `stockWas`, `stock` is written as it is.",
          parameters: [id("variant")],
          requestBody: body(variantUpdateInput),
          responses: { 200: answer("The variant", variantWire), ...errors(400, 401, 403, 404, 409, 415, 422) },
        },
      },
      "/cart": {
        get: {
          summary: "The cart",
          description:
            "A signed-in customer's by their account (cookie or bearer), a visitor's by the signed cookie `vitrine_cart`.",
          responses: { 200: answer("The cart", cartWire) },
        },
      },
      "/cart/items": {
        post: {
          summary: "Put a variant in the cart",
          description: "Adds to its line if it is there already; a visitor without a cart gets one (and its cookie).",
          requestBody: body(cartItemInput),
          responses: { 201: answer("The cart and its line", cartItemAddedWire), ...errors(400, 404, 409, 415, 422) },
        },
      },
      "/cart/items/{id}": {
        patch: {
          summary: "Change a cart line's quantity",
          parameters: [id("cart line")],
          requestBody: body(cartQuantityInput),
          responses: { 200: answer("The cart", cartWire), ...errors(400, 404, 409, 415, 422) },
        },
        delete: {
          summary: "Remove a cart line",
          parameters: [id("cart line")],
          responses: { 200: answer("The cart", cartWire), ...errors(404) },
        },
      },
      "/checkout": {
        post: {
          summary: "Check out the cart",
          description:
            "Signed in. The cart becomes one order at today's prices; stock is taken and the cart emptied at once. The same `Idempotency-Key` again answers the same order. A line beyond stock is a 409 `out_of_stock` naming the variants, and nothing changes.",
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "A key the client makes once per checkout: a retry with it is the same order",
              schema: input(requestKeySchema),
            },
          ],
          requestBody: body(checkoutRequest),
          responses: {
            201: answer("The order, and where its payment stands", checkoutPlacedWire),
            ...errors(400, 401, 409, 415, 422),
          },
        },
      },
      "/payments/stripe/webhook": {
        post: {
          summary: "Stripe's webhook",
          description:
            "Called by Stripe with a signed event (`Stripe-Signature`); a missing or bad signature is a 400. Each event is applied once.",
          requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
          responses: { 200: answer("Received", webhookAnswerWire), ...errors(400, 404) },
        },
      },
      "/admin/products.csv": {
        get: {
          summary: "Export the catalogue as CSV",
          description:
            "Admins only. `text/csv` (UTF-8 with a BOM, RFC 4180), a header row, one row per variant: sku, title, category (names joined with |), price, stock, stock_at_export (the same stock: what the import compares against), status, one `option:<Name>` column per option, desc1…desc4, product_id. Cells starting with = + - @ get a leading '.",
          responses: {
            200: { description: "The CSV file", content: { "text/csv": { schema: { type: "string" } } } },
            ...errors(401, 403),
          },
        },
      },
      "/admin/products/import": {
        post: {
          summary: "Import a products CSV",
          description:
            "Admins only: multipart `file` with at least the columns sku, title, category, price, stock (the export's others are optional). Rows are matched by SKU: known ones update their variant and product (where a row has `stock_at_export`, its stock only if `stock` differs from it, and only if the stock is still that: else the row is refused, or 409 if an order lands during the import), new ones add a variant (of the product `product_id` names) or a product (rows with the same title). If any row is invalid nothing is written and every bad row is answered (422, `errors`). `dryRun=1` answers the counts and writes nothing. `ignoredColumns` names the file's columns the import does not read.",
          parameters: [
            {
              name: "dryRun",
              in: "query",
              required: false,
              description: "`1`: check and count only",
              schema: { type: "string", enum: ["1", "0", "true", "false"] },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: { file: { type: "string", format: "binary" } },
                  required: ["file"],
                },
              },
            },
          },
          responses: {
            200: answer("Imported (or, with dryRun, what would be)", productImportWire),
            ...errors(400, 401, 403, 409, 413, 415, 422),
          },
        },
      },
      "/admin/inventory": {
        get: {
          summary: "Stock of every variant",
          description:
            "Admins only. `q` searches product titles and SKUs; `low=1` keeps the variants at or below the low-stock threshold.",
          parameters: queryParams(inventoryQuery),
          responses: { 200: listAnswer("Variants", inventoryRowWire), ...errors(400, 401, 403) },
        },
      },
      "/admin/audit": {
        get: {
          summary: "The audit log",
          description: "Admins only: every admin action with who, when and what changed, newest first.",
          parameters: queryParams(auditListQuery),
          responses: { 200: listAnswer("Audit entries", auditEntryWire), ...errors(400, 401, 403) },
        },
      },
      // ── orders ──
      "/admin/orders/{id}": {
        get: {
          summary: "An order in detail",
          description: "Admins only: lines, customer, payment and the history of status changes (who and when).",
          parameters: [id("order")],
          responses: { 200: answer("The order", orderDetailWire), ...errors(401, 403, 404) },
        },
      },
      "/admin/orders/{id}/payment-received": {
        post: {
          summary: "Record a pay-on-delivery payment",
          description:
            "Admins only. A pay-on-delivery order was paid (cash at the door, or a bank transfer that arrived): its payment status becomes paid, with a line in its history and the audit log. A second call changes nothing (modifiedCount 0). A card order (its provider records its payment) or a cancelled order: 409.",
          parameters: [id("order")],
          responses: { 200: answer("The order", paymentReceivedWire), ...errors(401, 403, 404, 409) },
        },
      },
      "/admin/orders.csv": {
        get: {
          summary: "Export orders as CSV",
          description:
            "Admins only. The orders `GET /orders` would list with the same filters, one row per order line (RFC 4180, UTF-8, header row), streamed. Cells that a spreadsheet would run as a formula start with an apostrophe.",
          parameters: queryParams(adminOrderQuery).filter((p) => p.name !== "limit" && p.name !== "offset"),
          responses: {
            200: { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } },
            ...errors(400, 401, 403),
          },
        },
      },
      "/admin/shipments": {
        post: {
          summary: "Ship several orders",
          description:
            "Admins only. Each order is shipped on its own (audited, its customer mailed once); an order already shipped is left alone, one that cannot be shipped is refused with the reason.",
          requestBody: body(shipmentRequest),
          responses: { 200: answer("One outcome per order", shipmentAnswerWire), ...errors(400, 401, 403, 415, 422) },
        },
      },
      // ── customers ──
      "/admin/customers": {
        get: {
          summary: "List customers",
          description: "Admins only. `q` finds part of an email or name; each with its order count and total spent.",
          parameters: queryParams(accountSearchQuery),
          responses: { 200: listAnswer("Customers", customerWire), ...errors(400, 401, 403) },
        },
      },
      "/admin/customers/{id}": {
        get: {
          summary: "A customer with their orders",
          description: "Admins only; `limit` and `offset` page the orders.",
          parameters: [id("customer"), ...queryParams(pageQuery)],
          responses: { 200: answer("The customer", customerDetailWire), ...errors(400, 401, 403, 404) },
        },
      },
      "/admin/customers/{id}/disable": {
        post: {
          summary: "Disable an account",
          description:
            "Admins only. The account can no longer sign in and its sessions (cookies, bearer tokens) end at once. An admin cannot disable their own account (409).",
          parameters: [id("customer")],
          responses: { 200: answer("Disabled", customerChangedWire), ...errors(401, 403, 404, 409) },
        },
      },
      "/admin/customers/{id}/enable": {
        post: {
          summary: "Enable an account again",
          description: "Admins only.",
          parameters: [id("customer")],
          responses: { 200: answer("Enabled", customerChangedWire), ...errors(401, 403, 404) },
        },
      },
      // ── stats ──
      "/admin/stats": {
        get: {
          summary: "The shop's figures",
          description:
            "Admins only. Revenue, orders and average order value for today, 7 and 30 days (UTC days; sales are orders not cancelled and paid or pay on delivery), revenue per day for 30 days, top products and low-stock variants.",
          responses: { 200: answer("Figures", statsWire), ...errors(401, 403) },
        },
      },
      "/contact": {
        post: {
          summary: "Send a message to the shop",
          requestBody: body(contactInput),
          responses: { 201: answer("Sent", insertedWire), ...errors(400, 415, 422) },
        },
      },
    },
  };
}
