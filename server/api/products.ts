import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as catalog from "../../domain/catalog/index.ts";
import { DomainError } from "../../domain/errors.ts";
import { imageTooLargeMessage, readImageUpload } from "../../domain/media/images.ts";
import { requireAdmin } from "../../domain/shared/actor.ts";
import { type AppEnv, actorOf } from "../http/context.ts";
import { queryOf, withTotal } from "./body.ts";
import { productJson } from "./serialize.ts";

export function productsApi(maxUploadBytes: number) {
  const api = new Hono<AppEnv>();

  api.get("/", async (c) => {
    const { items, total } = await catalog.listProducts(c.get("services").database, queryOf(c));
    withTotal(c, total);
    return c.json(items.map(productJson));
  });

  api.get("/:id", async (c) => {
    return c.json(productJson(await catalog.getProduct(c.get("services").database, c.req.param("id"))));
  });

  api.post(
    "/",
    // the permission check comes before the upload is read
    async (c, next) => {
      requireAdmin(await actorOf(c));
      await next();
    },
    bodyLimit({
      maxSize: maxUploadBytes + 64 * 1024,
      onError: (c) => c.json({ error: { code: "payload_too_large", message: imageTooLargeMessage(maxUploadBytes) } }, 413),
    }),
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("multipart/form-data")) {
        throw new DomainError("unsupported_media_type", "Send the product as multipart/form-data with an image file.");
      }
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw new DomainError("bad_request", "The form data could not be read.");
      }
      const fields: Record<string, unknown> = {};
      let file: File | undefined;
      for (const [key, value] of Object.entries(form)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (key === "image") {
          if (first instanceof File) file = first;
          continue;
        }
        fields[key] = Array.isArray(value) ? value.filter((v) => typeof v === "string") : typeof value === "string" ? value : undefined;
      }
      const services = c.get("services");
      const image = await readImageUpload(file, maxUploadBytes);
      const product = await catalog.addProduct({ db: services.database.db, media: services.media }, await actorOf(c), fields, image);
      return c.json({ acknowledged: true, insertedId: product.id, product: productJson(product) }, 201);
    },
  );

  api.delete("/:id", async (c) => {
    const result = await catalog.deleteProduct(c.get("services").database, await actorOf(c), c.req.param("id"));
    return c.json({ acknowledged: true, ...result });
  });

  return api;
}

export function categoriesApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => c.json(await catalog.listCategories(c.get("services").database.db)));
  return api;
}
