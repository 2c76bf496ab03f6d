import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "../config.ts";
import { errorBody } from "./errors.ts";

/** Routes that take a file upload; every other body is a JSON document or a small form. */
export const UPLOAD_ROUTES: readonly { method: string; path: string | RegExp }[] = [
  { method: "POST", path: "/api/products" },
  { method: "POST", path: "/dashboard/addnewproduct" },
  // product editing: gallery uploads, and the products CSV import (API and pages)
  { method: "POST", path: /^\/api\/products\/[A-Za-z0-9_-]+\/images$/ },
  { method: "POST", path: "/api/admin/products/import" },
  { method: "POST", path: /^\/dashboard\/(?:products(?:\/[A-Za-z0-9_-]+)?|manageallproducts)(?:\.data)?$/ },
];

/** Room for the form fields and multipart framing around an upload. */
export const UPLOAD_FORM_OVERHEAD_BYTES = 1024 * 1024;

export const isUploadRoute = (method: string, path: string) =>
  UPLOAD_ROUTES.some((r) => r.method === method && (typeof r.path === "string" ? r.path === path : r.path.test(path)));

/**
 * Refuses a body over its route's limit with 413 before it is read: by Content-Length when given,
 * and by counting as it arrives for chunked bodies (reading stops at the limit).
 */
export function bodyLimits(config: Pick<Config, "maxBodyBytes" | "maxUploadBytes">): MiddlewareHandler {
  const onError: Parameters<typeof bodyLimit>[0]["onError"] = (c) =>
    c.req.path.startsWith("/api/")
      ? c.json(errorBody("payload_too_large", "The request body is too large."), 413)
      : c.text("The request is too large.", 413);
  const forms = bodyLimit({ maxSize: config.maxBodyBytes, onError });
  const uploads = bodyLimit({ maxSize: config.maxUploadBytes + UPLOAD_FORM_OVERHEAD_BYTES, onError });
  return (c, next) => (isUploadRoute(c.req.method, c.req.path) ? uploads(c, next) : forms(c, next));
}
