import { Hono } from "hono";
import * as content from "../../domain/content/index.ts";
import type { AppEnv } from "../http/context.ts";
import { jsonBody } from "./body.ts";

export function contactApi() {
  const api = new Hono<AppEnv>();
  api.post("/", async (c) => {
    const message = await content.sendContactMessage(c.get("services").database, await jsonBody(c));
    return c.json({ acknowledged: true, insertedId: message.id }, 201);
  });
  return api;
}
