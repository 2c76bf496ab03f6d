import { timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Registry } from "prom-client";
import type { DatabaseHandle } from "../db/connection.ts";
import type { DomainEvents } from "../domain/shared/events.ts";
import type { Config } from "./config.ts";

/** Prometheus metrics of one process. Made only when they can be read (METRICS_TOKEN or METRICS_PORT). */
export type Metrics = {
  registry: Registry;
  observeRequest: (labels: { method: string; route: string; status: number }, seconds: number) => void;
  /** the domain's events, counted */
  events: DomainEvents;
};

/** prom-client is loaded only by shops whose metrics can be read. */
export async function createMetrics(database: DatabaseHandle): Promise<Metrics> {
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route pattern (never the raw path), method and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const orders = new Counter({
    name: "shop_orders_placed_total",
    help: "Orders placed through this process",
    registers: [registry],
  });
  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: "db_pool_clients",
      help: "PostgreSQL pool clients: total (open), idle, and requests waiting for one",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }
  return {
    registry,
    observeRequest: ({ method, route, status }, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    events: { orderPlaced: () => orders.inc() },
  };
}

/**
 * The route a request took, as a pattern with a bounded number of values: the one a handler gave
 * (the pages give their React Router pattern), otherwise Hono's matched route
 * (`/api/products/:id`, `/media/*`), and `*` for whatever matched nothing more precise.
 */
export function routeLabel(c: Context, given: string | undefined): string {
  return given ?? (routePath(c) || "*");
}

async function answer(registry: Registry): Promise<Response> {
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType } });
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics on the shop's own port, for a caller that presents METRICS_TOKEN as a bearer token. */
export function metricsWithToken(metrics: Metrics, token: string): MiddlewareHandler {
  return async (c) => {
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!sameSecret(given, token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ error: { code: "unauthenticated", message: "Metrics need the metrics token." } }, 401);
    }
    c.header("Cache-Control", "no-store");
    return answer(metrics.registry);
  };
}

/** /metrics alone on an internal port (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default), no token asked. */
export function startMetricsServer(
  metrics: Metrics,
  config: Pick<Config, "metrics">,
  onListening?: (address: string, port: number) => void,
): Server {
  const app = new Hono();
  app.get("/metrics", () => answer(metrics.registry));
  return serve({ fetch: app.fetch, port: config.metrics.port ?? 0, hostname: config.metrics.host }, (info) =>
    onListening?.(info.address, info.port),
  ) as Server;
}
