import { Hono } from "hono";
import { listAuditEntries } from "../../domain/audit/index.ts";
import type { AppEnv } from "../context.ts";
import { queryOf, withTotal } from "./body.ts";
import type { AuditEntryWire } from "./wire-schemas.ts";

/** The admin's API for running the shop (every domain call checks that the actor is an admin). */
export function adminApi() {
  const api = new Hono<AppEnv>();

  /** the audit log, newest first; `action`, `target_type`, `target_id`, `actor` narrow it */
  api.get("/audit", async (c) => {
    const { items, total } = await listAuditEntries(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    return c.json(items satisfies AuditEntryWire[]);
  });

  return api;
}
