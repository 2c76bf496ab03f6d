import * as inventory from "../inventory/index.ts";
import * as orders from "../orders/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";

/** How many days the chart and the longest period cover. */
export const STATS_DAYS = 30;
const TOP_PRODUCTS = 5;
const LOW_STOCK_ROWS = 10;

export type SalesPeriod = {
  key: "today" | "7d" | "30d";
  label: string;
  /** the first UTC day counted */
  since: string;
  orders: number;
  revenueCents: number;
  /** revenue ÷ orders, rounded to the cent; 0 without orders */
  averageOrderCents: number;
};

export type DashboardStats = {
  /** the one rule for what counts as a sale, in words */
  rule: string;
  periods: SalesPeriod[];
  /** one entry per UTC day of the last 30 (today last), days without sales at 0 */
  perDay: { day: string; orders: number; revenueCents: number }[];
  topProducts: { productId: string; title: string; units: number; revenueCents: number }[];
  lowStock: inventory.LowStockVariant[];
  lowStockThreshold: number;
};

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The dashboard's figures, all in UTC days and integer cents: admins only. */
export async function getDashboardStats(ctx: DomainContext, now = new Date()): Promise<DashboardStats> {
  requireAdmin(ctx.actor);
  const today = Date.parse(`${utcDay(now.getTime())}T00:00:00.000Z`);
  const startOf = (days: number) => new Date(today - (days - 1) * DAY_MS).toISOString();
  const periodDefs = [
    { key: "today", label: "Today", days: 1 },
    { key: "7d", label: "Last 7 days", days: 7 },
    { key: "30d", label: `Last ${STATS_DAYS} days`, days: STATS_DAYS },
  ] as const;
  const [figures, perDay, topProducts, lowStock] = await Promise.all([
    Promise.all(periodDefs.map((p) => orders.salesSince(ctx, startOf(p.days)))),
    orders.salesPerDay(ctx, startOf(STATS_DAYS)),
    orders.topProducts(ctx, startOf(STATS_DAYS), TOP_PRODUCTS),
    inventory.lowStockVariants(ctx, LOW_STOCK_ROWS),
  ]);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  return {
    rule: orders.SALES_RULE,
    periods: periodDefs.map((p, i) => {
      const f = figures[i] ?? { orders: 0, revenueCents: 0 };
      return {
        key: p.key,
        label: p.label,
        since: startOf(p.days).slice(0, 10),
        orders: f.orders,
        revenueCents: f.revenueCents,
        averageOrderCents: f.orders ? Math.round(f.revenueCents / f.orders) : 0,
      };
    }),
    perDay: Array.from({ length: STATS_DAYS }, (_, i) => {
      const day = utcDay(today - (STATS_DAYS - 1 - i) * DAY_MS);
      return byDay.get(day) ?? { day, orders: 0, revenueCents: 0 };
    }),
    topProducts,
    lowStock,
    lowStockThreshold: inventory.LOW_STOCK_THRESHOLD,
  };
}
