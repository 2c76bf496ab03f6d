import { Hono } from "hono";
import { pendingMigrations, ping } from "../../db/connection.ts";
import type { Services } from "../services.ts";

/** How long /readyz waits for the database before it calls it unreachable. */
const DATABASE_CHECK_MS = 2_000;

/**
 * GET /healthz: the process answers (a process manager's liveness check).
 * GET /readyz: this instance should get traffic: the database answers, its schema is current, and
 * the process is not draining before a stop. A load balancer takes it out of rotation on 503.
 */
export function healthRoutes(services: Services) {
  const app = new Hono();
  const noStore = { "Cache-Control": "no-store" };
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  app.get("/readyz", async (c) => {
    if (services.lifecycle.draining) return c.json({ status: "draining" }, 503, noStore);
    const problem = await databaseProblem(services);
    if (problem) return c.json({ status: "unavailable", reason: problem }, 503, noStore);
    return c.json({ status: "ready" }, 200, noStore);
  });
  return app;
}

async function databaseProblem(services: Services): Promise<string | undefined> {
  const db = services.database.db;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("the database did not answer in time"), DATABASE_CHECK_MS);
  });
  const check = (async () => {
    try {
      await ping(db);
    } catch {
      return "the database cannot be reached";
    }
    const pending = await pendingMigrations(db);
    return pending.length ? `migrations not applied: ${pending.join(", ")}` : undefined;
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
