import { type Context, Hono } from "hono";
import * as accounts from "../../domain/accounts/index.ts";
import { signedIn } from "./guards.ts";
import { type AppEnv, actorOf } from "../http/context.ts";
import { jsonBody } from "./body.ts";

export function usersApi() {
  const api = new Hono<AppEnv>();
  /** promote another account to admin (admins only) */
  api.put("/admin", signedIn, async (c) => {
    const result = await accounts.makeAdmin(c.get("services").database, await actorOf(c), await jsonBody(c));
    return c.json({ acknowledged: true, ...result });
  });
  /** the spec's user "sync": the signed-in user sets their own display name */
  const updateProfile = async (c: Context<AppEnv>) => {
    const result = await accounts.updateProfile(c.get("services").database, await actorOf(c), await jsonBody(c));
    return c.json({ acknowledged: true, ...result });
  };
  api.put("/", signedIn, updateProfile);
  api.post("/", signedIn, updateProfile);
  api.get("/:email", async (c) => {
    return c.json(await accounts.getAccount(c.get("services").database, await actorOf(c), c.req.param("email")));
  });
  return api;
}
