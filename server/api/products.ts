import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as catalog from "../../domain/catalog/index.ts";
import { imageTooLargeMessage, readImageUpload, UPLOAD_FORM_FIELDS_BYTES } from "../../domain/media/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import type { AppEnv } from "../context.ts";
import { errorBody } from "../http/errors.ts";
import { readForm } from "../http/forms.ts";
import { jsonObject, queryOf, withTotal } from "./body.ts";
import { adminOnly } from "./guards.ts";
import {
  categoryJson,
  imageUrlsOf,
  productDetailJson,
  productImageJson,
  productJson,
  searchJson,
} from "./serialize.ts";
import type { Deleted, ProductAdded, ProductEdited } from "./wire-schemas.ts";

/** `GET /api/search`: a page of products with facet counts, by relevance unless sorted otherwise. */
export function searchApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => {
    const result = await catalog.searchProducts(c.get("ctx"), queryOf(c));
    withTotal(c, result.total);
    return c.json(searchJson(result, imageUrlsOf(c)));
  });
  return api;
}

/** Uploads of one image with a few form fields: the size limit (413) on the way in, multipart only (415). */
function imageUploads(maxUploadBytes: number) {
  const limit = bodyLimit({
    maxSize: maxUploadBytes + UPLOAD_FORM_FIELDS_BYTES,
    onError: (c) => c.json(errorBody("payload_too_large", imageTooLargeMessage(maxUploadBytes)), 413),
  });
  /** the form's fields and its checked `image` file */
  const read = async (c: Context<AppEnv>, what: string) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) {
      throw new DomainError("unsupported_media_type", `Send ${what} as multipart/form-data.`);
    }
    const { values, files } = await readForm(c.req.raw);
    return { values, image: await readImageUpload(files.image, maxUploadBytes) };
  };
  return { limit, read };
}

export function productsApi(maxUploadBytes: number) {
  const api = new Hono<AppEnv>();
  const uploads = imageUploads(maxUploadBytes);

  api.get("/", async (c) => {
    const { items, total } = await catalog.listProducts(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    const urls = imageUrlsOf(c);
    return c.json(items.map((item) => productJson(item, urls)));
  });

  api.get("/:id", async (c) => {
    return c.json(productDetailJson(await catalog.getProduct(c.get("ctx"), c.req.param("id")), imageUrlsOf(c)));
  });

  api.post("/", adminOnly, uploads.limit, async (c) => {
    const { values, image } = await uploads.read(c, "the product with an image file");
    const product = await catalog.addProduct(c.get("ctx"), values, image);
    return c.json(
      {
        acknowledged: true,
        insertedId: product.id,
        product: productDetailJson(product, imageUrlsOf(c)),
      } satisfies ProductAdded,
      201,
    );
  });

  /** admins change any of a product's fields (JSON; absent fields stay as they are) */
  api.put("/:id", adminOnly, async (c) => {
    const product = await catalog.updateProduct(c.get("ctx"), c.req.param("id"), await jsonObject(c));
    const edited: ProductEdited = {
      ...productDetailJson(product, imageUrlsOf(c)),
      editedFrom: catalog.editFingerprint(product),
    };
    return c.json(edited);
  });

  /** admins add an image (multipart: `image`, optional `alt`) at the end of the gallery */
  api.post("/:id/images", adminOnly, uploads.limit, async (c) => {
    const { values, image } = await uploads.read(c, "the image");
    const gallery = await catalog.addProductImage(c.get("ctx"), c.req.param("id"), values, image);
    const urls = imageUrlsOf(c);
    return c.json(
      gallery.map((i) => productImageJson(i, urls)),
      201,
    );
  });

  /** admins put the gallery in order and set alt texts: `{ images: [{ id, alt }] }`, first = main image */
  api.put("/:id/images", adminOnly, async (c) => {
    const gallery = await catalog.arrangeProductImages(c.get("ctx"), c.req.param("id"), await jsonObject(c));
    const urls = imageUrlsOf(c);
    return c.json(gallery.map((i) => productImageJson(i, urls)));
  });

  api.delete("/:id/images/:imageId", adminOnly, async (c) => {
    const gallery = await catalog.removeProductImage(c.get("ctx"), c.req.param("id"), c.req.param("imageId"));
    const urls = imageUrlsOf(c);
    return c.json(gallery.map((i) => productImageJson(i, urls)));
  });

  api.delete("/:id", async (c) => {
    const result = await catalog.deleteProduct(c.get("ctx"), c.req.param("id"));
    return c.json({ acknowledged: true, ...result } satisfies Deleted);
  });

  return api;
}

export function categoriesApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => c.json((await catalog.listCategories(c.get("ctx"))).map(categoryJson)));
  return api;
}
