import { type Context, Hono } from "hono";
import * as accounts from "../../domain/accounts/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonBody } from "./body.ts";
import { signedIn } from "./guards.ts";
import { accountJson } from "./serialize.ts";
import type { Modified } from "./wire-schemas.ts";

export function usersApi() {
  const api = new Hono<AppEnv>();
  // `/admin` is written `/:key{admin}` so that it and `/:key` (an email address) are one path template
  // that matches the same URLs as before

  /** promote another account to admin (admins only) */
  api.put("/:key{admin}", signedIn, async (c) => {
    const result = await accounts.makeAdmin(c.get("ctx"), await jsonBody(c));
    return c.json({ acknowledged: true, ...result } satisfies Modified);
  });
  /** the original shop's user "sync": the signed-in user sets their own display name */
  const updateProfile = async (c: Context<AppEnv>) => {
    const result = await accounts.updateProfile(c.get("ctx"), await jsonBody(c));
    return c.json({ acknowledged: true, ...result } satisfies Modified);
  };
  api.put("/", signedIn, updateProfile);
  api.post("/", signedIn, updateProfile);
  api.get("/:key", async (c) => {
    return c.json(accountJson(await accounts.getAccount(c.get("ctx"), c.req.param("key"))));
  });
  return api;
}
