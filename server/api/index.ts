import { Hono } from "hono";
import { clientIp, withClientIp } from "../http/client-ip.ts";
import type { AppEnv } from "../http/context.ts";
import { handleError, notFoundJson } from "../http/errors.ts";
import type { Services } from "../services.ts";
import { contactApi } from "./contact.ts";
import { openApiDocument } from "./openapi.ts";
import { ordersApi } from "./orders.ts";
import { categoriesApi, productsApi } from "./products.ts";
import { reviewsApi } from "./reviews.ts";
import { usersApi } from "./users.ts";
import { wishlistApi } from "./wishlist.ts";

/** The REST API of the spec, mounted at /api (Better Auth has /api/auth). */
export function createApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  api.on(["GET", "POST"], "/auth/*", (c) => services.auth.handler(withClientIp(c.req.raw, clientIp(c, services.config.trustProxy))));
  api.get("/health", async (c) => {
    return c.json({ ok: true });
  });
  api.get("/openapi.json", (c) => c.json(openApiDocument(services.config)));
  api.route("/products", productsApi(services.config.maxUploadBytes));
  api.route("/categories", categoriesApi());
  api.route("/orders", ordersApi());
  api.route("/wishlist", wishlistApi());
  api.route("/reviews", reviewsApi());
  api.route("/users", usersApi());
  api.route("/contact", contactApi());
  api.notFound(notFoundJson);
  api.onError(handleError);
  return api;
}
