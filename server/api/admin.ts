import { type Context, Hono } from "hono";
import { listAuditEntries } from "../../domain/audit/index.ts";
import * as customers from "../../domain/customers/index.ts";
import * as orders from "../../domain/orders/index.ts";
import { pageQuery } from "../../domain/shared/pagination.ts";
import { parseQuery } from "../../domain/shared/validation.ts";
import { getDashboardStats } from "../../domain/stats/index.ts";
import type { AppEnv } from "../context.ts";
import { customerJson, orderDetailJson, ordersCsv, statsJson } from "./admin-orders.ts";
import { jsonObject, queryOf, withTotal } from "./body.ts";
import { adminOnly } from "./guards.ts";
import { imageUrlsOf, orderJson } from "./serialize.ts";
import type {
  AuditEntryWire,
  CustomerChanged,
  CustomerDetailWire,
  CustomerWire,
  OrderDetailWire,
  ShipmentAnswer,
  StatsWire,
} from "./wire-schemas.ts";

/** The admin's API for running the shop (every domain call checks that the actor is an admin). */
export function adminApi() {
  const api = new Hono<AppEnv>();

  /** the audit log, newest first; `action`, `target_type`, `target_id`, `actor` narrow it */
  api.get("/audit", async (c) => {
    const { items, total } = await listAuditEntries(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    return c.json(items satisfies AuditEntryWire[]);
  });

  // ── orders ──

  /** one order with its lines, customer, payment and history of status changes (who and when) */
  api.get("/orders/:id", async (c) => {
    const detail = await orders.getOrderDetail(c.get("ctx"), c.req.param("id"));
    return c.json(orderDetailJson(detail, imageUrlsOf(c)) satisfies OrderDetailWire);
  });

  /** the orders the filters select (those of GET /orders), one CSV row per order line, streamed */
  api.get("/orders.csv", adminOnly, (c) => {
    const rows = orders.exportOrders(c.get("ctx"), queryOf(c));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(ordersCsv(rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  });

  /** ships several orders at once: `{ orderIds }` → one outcome per order; shipped orders are left alone */
  api.post("/shipments", adminOnly, async (c) => {
    const results = await orders.shipOrders(c.get("ctx"), await jsonObject(c));
    return c.json({
      shipped: results.filter((r) => r.outcome === "shipped").length,
      results: results.map((r) => ({
        orderId: r.orderId,
        order_id: r.orderNumber,
        outcome: r.outcome,
        message: r.message,
      })),
    } satisfies ShipmentAnswer);
  });

  // ── customers ──

  /** accounts by email or name (`q`), newest first, with their order count and total spent */
  api.get("/customers", async (c) => {
    const { items, total } = await customers.listCustomers(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    return c.json(items.map(customerJson) satisfies CustomerWire[]);
  });

  /** one customer with a page of their orders (`limit`, `offset`) */
  api.get("/customers/:id", adminOnly, async (c) => {
    const page = parseQuery(pageQuery, queryOf(c));
    const { customer, orders: list } = await customers.getCustomer(c.get("ctx"), c.req.param("id"), page);
    const urls = imageUrlsOf(c);
    return c.json({
      customer: customerJson(customer),
      orders: list.items.map((o) => orderJson(o, urls)),
      order_total: list.total,
    } satisfies CustomerDetailWire);
  });

  /** the account can no longer sign in and its sessions end at once (never your own) */
  api.post("/customers/:id/disable", async (c) => {
    const { modifiedCount } = await customers.disableCustomer(c.get("ctx"), c.req.param("id"));
    return c.json(await changedCustomer(c, modifiedCount));
  });

  /** the account can sign in again */
  api.post("/customers/:id/enable", async (c) => {
    const { modifiedCount } = await customers.enableCustomer(c.get("ctx"), c.req.param("id"));
    return c.json(await changedCustomer(c, modifiedCount));
  });

  // ── stats ──

  /** revenue, orders and average order value for today, 7 and 30 days; revenue per day; top products; low stock */
  api.get("/stats", async (c) => {
    return c.json(statsJson(await getDashboardStats(c.get("ctx"))) satisfies StatsWire);
  });

  return api;
}

async function changedCustomer(c: Context<AppEnv>, modifiedCount: number): Promise<CustomerChanged> {
  const { customer } = await customers.getCustomer(c.get("ctx"), c.req.param("id") ?? "", { limit: 1, offset: 0 });
  return { acknowledged: true, modifiedCount, customer: customerJson(customer) };
}
