import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { serveStatic } from "@hono/node-server/serve-static";
import { RouterContextProvider } from "react-router";
import { requestContext } from "../app/context.ts";
import { createApi } from "./api/index.ts";
import { clientIp } from "./http/client-ip.ts";
import { type AppEnv, actorOf } from "./http/context.ts";
import { handleError, notFoundJson } from "./http/errors.ts";
import { sameOriginWrites } from "./http/origin-check.ts";
import type { Services } from "./services.ts";

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * One process, two faces: the JSON API under /api and the server-rendered pages for everything
 * else, over the same services.
 */
export function createApp(services: Services, pages?: PageHandler, options: { clientDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("services", services);
    await next();
  });
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: "same-site", referrerPolicy: "strict-origin-when-cross-origin" }));
  const checkOrigin = sameOriginWrites(services.config.publicUrl);
  app.use(async (c, next) => {
    // Better Auth checks the origin of its own endpoints
    if (c.req.path.startsWith("/api/auth/")) return next();
    return checkOrigin(c, next);
  });

  app.route("/api", createApi(services));
  app.all("/api/*", notFoundJson);

  app.get("/media/*", async (c) => {
    const key = c.req.path.slice("/media/".length);
    const data = await services.media.get(key);
    if (!data) return c.json({ error: { code: "not_found", message: "No such image." } }, 404);
    c.header("Content-Type", key.endsWith(".webp") ? "image/webp" : "application/octet-stream");
    // keys are random and never reused, so an image never changes
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(new Uint8Array(data));
  });

  if (options.clientDir) {
    const root = options.clientDir;
    app.use("/assets/*", compress(), async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("/assets/*", serveStatic({ root }));
    app.use("*", serveStatic({ root, onFound: (_p, c) => { c.header("Cache-Control", "public, max-age=3600"); } }));
  }

  if (pages) {
    // A hard ceiling for form posts. The add-product page answers an oversize upload itself, with a
    // message beside the field, from Content-Length; this only stops bodies far beyond that.
    app.post(
      "*",
      bodyLimit({
        maxSize: services.config.maxUploadBytes * 2 + 1024 * 1024,
        onError: (c) => c.text("The upload is too large.", 413),
      }),
    );
    // pages are compressed (a 60 KB catalogue page is ~10 KB on the wire); API JSON and media are not
    app.use("*", compress());
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      context.set(requestContext, { services, actor: () => actorOf(c), clientIp: clientIp(c, services.config.trustProxy) });
      return pages(c.req.raw, context);
    });
  }

  app.onError(handleError);
  return app;
}
