import { Hono } from "hono";
import { type AppEnv, requestContext } from "../context.ts";
import { clientIp } from "../http/client-ip.ts";
import { handleError, notFoundJson } from "../http/errors.ts";
import type { ReadBudgets } from "../http/read-budget.ts";
import type { ResponseCache } from "../http/response-cache.ts";
import { apiReadRoute, SHARED_API_READS, sharedAnswers } from "../http/shared-answers.ts";
import type { Services } from "../services.ts";
import { adminApi } from "./admin.ts";
import { cartApi } from "./cart.ts";
import { checkoutApi } from "./checkout.ts";
import { contactApi } from "./contact.ts";
import { docsApi } from "./docs.ts";
import { openApiDocument } from "./openapi.ts";
import { ordersApi } from "./orders.ts";
import { paymentsApi } from "./payments.ts";
import { categoriesApi, productsApi, searchApi } from "./products.ts";
import { reviewsApi } from "./reviews.ts";
import { sessionApi } from "./session.ts";
import { usersApi } from "./users.ts";
import { variantsApi } from "./variants.ts";
import type { Health } from "./wire-schemas.ts";
import { wishlistApi } from "./wishlist.ts";

/** The shop's REST API, mounted at /api (Better Auth has /api/auth). */
export function createApi(
  services: Services,
  answers: ResponseCache,
  budgets?: { budgets: ReadBudgets; trustedProxyHops: number },
) {
  const api = new Hono<AppEnv>();
  // registered before the no-store middleware below, which so never runs for it: the reference's script is
  // cached for a year
  api.route("/docs", docsApi(services.config.shopName));
  api.use(async (c, next) => {
    await next();
    // every other answer may depend on who asks: never stored
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
  });
  api.on(["GET", "POST"], "/auth/*", (c) =>
    services.authHandler(c.req.raw, clientIp(c, services.config.trustedProxyHops)),
  );
  api.get("/health", (c) => c.json({ ok: true } satisfies Health));
  api.get("/openapi.json", (c) => c.json(openApiDocument(services.config)));
  // the payment provider's webhook carries no session: no request context to build
  api.route("/payments", paymentsApi(services));
  api.use(
    sharedAnswers({ store: answers, shareable: (path) => SHARED_API_READS.test(path), route: apiReadRoute, budgets }),
  );
  api.use(requestContext());
  api.route("/products", productsApi(services.config.maxUploadBytes));
  api.route("/search", searchApi());
  api.route("/session", sessionApi());
  api.route("/categories", categoriesApi());
  api.route("/variants", variantsApi());
  api.route("/cart", cartApi());
  api.route("/checkout", checkoutApi());
  api.route("/orders", ordersApi());
  api.route("/wishlist", wishlistApi());
  api.route("/reviews", reviewsApi());
  api.route("/users", usersApi());
  api.route("/contact", contactApi());
  api.route("/admin", adminApi(services.config.maxUploadBytes));
  api.notFound(notFoundJson);
  api.onError(handleError);
  return api;
}
