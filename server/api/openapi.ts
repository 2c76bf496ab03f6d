import { z } from "zod";
import { productInput, productListQuery } from "../../domain/catalog/schemas.ts";
import { contactInput } from "../../domain/content/index.ts";
import { orderInput, orderListQuery, orderStatusInput } from "../../domain/orders/schemas.ts";
import { reviewInput } from "../../domain/reviews/index.ts";
import { makeAdminInput, profileInput } from "../../domain/accounts/index.ts";
import { wishlistInput } from "../../domain/wishlist/index.ts";
import { pageSchema } from "../../domain/shared/schemas.ts";
import type { Config } from "../config.ts";

/**
 * The OpenAPI description of /api, built from the same zod schemas the API validates with.
 * A test compares its paths with the routes the server really has.
 */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const errorSchema = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } } },
      required: ["code", "message"],
    },
  },
};

const json = (schema: object) => ({ "application/json": { schema } });
const ok = (description: string, schema: object = { type: "object" }) => ({ description, content: json(schema) });
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { description: errorText[code], content: json({ $ref: "#/components/schemas/Error" }) }]));
const errorText: Record<number, string> = {
  400: "Bad request",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict with the current state",
  413: "Upload too large",
  415: "Wrong content type or not an image",
  422: "Invalid fields",
};
const queryParams = (schema: z.ZodObject) =>
  Object.entries((input(schema) as { properties: Record<string, object> }).properties).map(([name, s]) => ({ name, in: "query", required: false, schema: s }));
const pathParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const body = (schema: z.ZodType) => ({ required: true, content: json(input(schema)) });
const list = (ref: string) => ({ type: "array", items: { $ref: `#/components/schemas/${ref}` } });
const totalHeader = { "X-Total-Count": { description: "Total number of matching items", schema: { type: "integer" } } };

export function openApiDocument(config: Config) {
  return {
    openapi: "3.1.0",
    info: { title: `${config.shopName} API`, version: "1.0.0", description: "Sign in through /api/auth (cookie session) or send `Authorization: Bearer <token>`." },
    servers: [{ url: `${config.publicUrl}/api` }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" }, bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: errorSchema,
        Product: {
          type: "object",
          properties: {
            _id: { type: "string" }, title: { type: "string" }, price: { type: "number" }, Categories: { type: "string" },
            desc1: { type: "string" }, desc2: { type: "string" }, desc3: { type: "string" }, desc4: { type: "string" },
            image: { type: "string", description: "URL of the 480 px WebP" }, images: { type: "object" },
          },
        },
        Order: {
          type: "object",
          properties: {
            _id: { type: "string" }, order_id: { type: "integer" }, time: { type: "string", format: "date-time" },
            full_name: { type: "string" }, address: { type: "string" }, city: { type: "string" }, state: { type: "string" }, zip: { type: "string" }, phone: { type: "string" },
            checkbox: { type: "boolean" }, user_email: { type: "string" },
            status: { type: "object", properties: { status: { enum: ["Pending", "Shipped", "Cancelled"] } } },
            booking_deatils: { type: "object" }, lines: { type: "array" }, total: { type: "number" },
          },
        },
        WishlistItem: { type: "object", properties: { _id: { type: "string" }, user_email: { type: "string" }, product_deatils: { type: "object" } } },
        Review: { type: "object", properties: { _id: { type: "string" }, name: { type: "string" }, email: { type: "string", description: "admins only" }, description: { type: "string" }, rating: { type: "number" } } },
      },
    },
    paths: {
      "/health": { get: { summary: "Liveness", responses: { 200: ok("Up") } } },
      "/openapi.json": { get: { summary: "This document", responses: { 200: ok("OpenAPI 3.1") } } },
      "/products": {
        get: { summary: "List products (paginated, title search, category filter)", parameters: queryParams(productListQuery), responses: { 200: { ...ok("Products", list("Product")), headers: totalHeader }, ...errors(422) } },
        post: {
          summary: "Add a product (admin)",
          requestBody: { required: true, content: { "multipart/form-data": { schema: { ...input(productInput), properties: { ...(input(productInput) as { properties: object }).properties, image: { type: "string", format: "binary" } } } } } },
          responses: { 201: ok("Created: insertedId"), ...errors(400, 401, 403, 413, 415, 422) },
        },
      },
      "/products/{id}": {
        get: { summary: "One product", parameters: [pathParam("id")], responses: { 200: ok("Product", { $ref: "#/components/schemas/Product" }), ...errors(404) } },
        delete: { summary: "Delete a product (admin)", parameters: [pathParam("id")], responses: { 200: ok("deletedCount"), ...errors(401, 403, 404) } },
      },
      "/categories": { get: { summary: "Categories", responses: { 200: ok("Categories", { type: "array" }) } } },
      "/orders": {
        get: { summary: "All orders (admin)", parameters: queryParams(orderListQuery), responses: { 200: { ...ok("Orders", list("Order")), headers: totalHeader }, ...errors(401, 403, 422) } },
        post: { summary: "Place an order (signed in)", requestBody: body(orderInput), responses: { 201: ok("insertedId and the order"), ...errors(400, 401, 403, 404, 415, 422) } },
      },
      "/orders/{email}": {
        get: { summary: "A customer's orders (that customer or an admin)", parameters: [pathParam("email"), ...queryParams(orderListQuery)], responses: { 200: { ...ok("Orders", list("Order")), headers: totalHeader }, ...errors(401, 403) } },
      },
      "/orders/{id}": {
        put: { summary: "Ship (admin) or cancel (owner, while Pending)", parameters: [pathParam("id")], requestBody: body(orderStatusInput), responses: { 200: ok("modifiedCount"), ...errors(400, 401, 403, 404, 409, 415, 422) } },
        delete: { summary: "Admin: erase the order. Owner: cancel it (kept with status Cancelled)", parameters: [pathParam("id")], responses: { 200: ok("deletedCount / modifiedCount"), ...errors(401, 403, 404, 409) } },
      },
      "/wishlist": { post: { summary: "Add to my wishlist", requestBody: body(wishlistInput), responses: { 201: ok("insertedId"), ...errors(400, 401, 403, 404, 409, 415, 422) } } },
      "/wishlist/{email}": { get: { summary: "A wishlist (that user or an admin)", parameters: [pathParam("email")], responses: { 200: ok("Items", list("WishlistItem")), ...errors(401, 403) } } },
      "/wishlist/{id}": { delete: { summary: "Remove from my wishlist", parameters: [pathParam("id")], responses: { 200: ok("deletedCount"), ...errors(401, 403, 404) } } },
      "/reviews": {
        get: { summary: "Reviews (emails shown to admins only)", parameters: queryParams(pageSchema), responses: { 200: { ...ok("Reviews", list("Review")), headers: totalHeader } } },
        post: { summary: "Write a review (signed in; name and email come from the account)", requestBody: body(reviewInput), responses: { 201: ok("insertedId"), ...errors(400, 401, 415, 422) } },
      },
      "/reviews/{id}": { delete: { summary: "Delete a review (admin)", parameters: [pathParam("id")], responses: { 200: ok("deletedCount"), ...errors(401, 403, 404) } } },
      "/users": {
        put: { summary: "Set my display name", requestBody: body(profileInput), responses: { 200: ok("modifiedCount"), ...errors(400, 401, 403, 415, 422) } },
        post: { summary: "Set my display name (after registration)", requestBody: body(profileInput), responses: { 200: ok("modifiedCount"), ...errors(400, 401, 403, 415, 422) } },
      },
      "/users/admin": { put: { summary: "Make an account admin (admin)", requestBody: body(makeAdminInput), responses: { 200: ok("modifiedCount"), ...errors(400, 401, 403, 404, 415, 422) } } },
      "/users/{email}": { get: { summary: "Whether an account is admin (that user or an admin)", parameters: [pathParam("email")], responses: { 200: ok("{email, displayName, admin}"), ...errors(401, 403, 404) } } },
      "/contact": { post: { summary: "Send a message to the shop", requestBody: body(contactInput), responses: { 201: ok("insertedId"), ...errors(400, 415, 422) } } },
    },
  };
}
