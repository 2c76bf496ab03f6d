import { Hono } from "hono";
import * as catalog from "../../domain/catalog/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonObject } from "./body.ts";
import { adminOnly } from "./guards.ts";
import { imageUrlsOf, variantJson } from "./serialize.ts";

export function variantsApi() {
  const api = new Hono<AppEnv>();
  /** admins set a variant's stock and/or price (`price: null` follows the product's price again) */
  api.patch("/:id", adminOnly, async (c) => {
    return c.json(
      variantJson(await catalog.updateVariant(c.get("ctx"), c.req.param("id"), await jsonObject(c)), imageUrlsOf(c)),
    );
  });
  return api;
}
