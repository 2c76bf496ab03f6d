import { Hono } from "hono";
import * as content from "../../domain/content/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonBody } from "./body.ts";
import type { Inserted } from "./wire-schemas.ts";

export function contactApi() {
  const api = new Hono<AppEnv>();
  api.post("/", async (c) => {
    const message = await content.sendContactMessage(c.get("ctx"), await jsonBody(c));
    return c.json({ acknowledged: true, insertedId: message.id } satisfies Inserted, 201);
  });
  return api;
}
