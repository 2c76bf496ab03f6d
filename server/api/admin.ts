import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { listAuditEntries } from "../../domain/audit/index.ts";
import * as catalog from "../../domain/catalog/index.ts";
import * as customers from "../../domain/customers/index.ts";
import * as inventory from "../../domain/inventory/index.ts";
import { UPLOAD_FORM_FIELDS_BYTES } from "../../domain/media/index.ts";
import * as orders from "../../domain/orders/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import { pageQuery } from "../../domain/shared/pagination.ts";
import { parseQuery } from "../../domain/shared/validation.ts";
import { getDashboardStats } from "../../domain/stats/index.ts";
import type { AppEnv } from "../context.ts";
import { errorBody } from "../http/errors.ts";
import { readForm } from "../http/forms.ts";
import { customerJson, orderDetailJson, ordersCsv, statsJson } from "./admin-orders.ts";
import { jsonObject, queryOf, withTotal } from "./body.ts";
import { adminOnly } from "./guards.ts";
import { imageUrlsOf, inventoryRowJson, orderJson } from "./serialize.ts";
import type {
  AuditEntryWire,
  CustomerChanged,
  CustomerDetailWire,
  CustomerWire,
  InventoryRowWire,
  OrderDetailWire,
  PaymentReceivedWire,
  ProductImportWire,
  ShipmentAnswer,
  StatsWire,
} from "./wire-schemas.ts";

/** The admin's API for running the shop (every domain call checks that the actor is an admin). */
export function adminApi(maxUploadBytes: number) {
  const api = new Hono<AppEnv>();

  // ── products ──

  /** the catalogue as CSV, one row per variant, streamed */
  api.get("/products.csv", async (c) => {
    const rows = await catalog.exportProductsCsv(c.get("ctx"));
    const encoder = new TextEncoder();
    const iterator = rows[Symbol.asyncIterator]();
    let started = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          // a BOM, so that spreadsheets open the file as UTF-8
          controller.enqueue(encoder.encode("\uFEFF"));
        }
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await iterator.return?.();
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
    });
  });

  /** a products CSV (multipart `file`): `?dryRun=1` answers what would change and writes nothing */
  api.post(
    "/products/import",
    adminOnly,
    bodyLimit({
      maxSize: maxUploadBytes + UPLOAD_FORM_FIELDS_BYTES,
      onError: (c) =>
        c.json(
          errorBody(
            "payload_too_large",
            `The file is too large: the limit is ${Math.round(maxUploadBytes / 1024)} KB.`,
          ),
          413,
        ),
    }),
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("multipart/form-data")) {
        throw new DomainError(
          "unsupported_media_type",
          "Send the CSV file as multipart/form-data, in the field `file`.",
        );
      }
      const dryRun = ["1", "true"].includes(c.req.query("dryRun") ?? "");
      const { files } = await readForm(c.req.raw);
      const file = files.file;
      if (file && file.size > maxUploadBytes) {
        throw new DomainError("payload_too_large", "The file is too large.", { file: "The file is too large." });
      }
      try {
        const outcome = await catalog.importProductsCsv(
          c.get("ctx"),
          file ? Buffer.from(await file.arrayBuffer()) : undefined,
          { dryRun },
        );
        return c.json(outcome satisfies ProductImportWire);
      } catch (e) {
        if (!(e instanceof catalog.ImportRefused)) throw e;
        return c.json(
          {
            ...errorBody(e.code, e.message),
            created: 0,
            updated: 0,
            errors: e.errors,
            dryRun,
            ignoredColumns: e.ignoredColumns,
          },
          422,
        );
      }
    },
  );

  /** every variant with its stock; `low=1` only those at or below the low-stock threshold */
  api.get("/inventory", async (c) => {
    const { items, total } = await inventory.listInventory(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    return c.json(items.map(inventoryRowJson) satisfies InventoryRowWire[]);
  });

  // ── audit ──

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

  /** a pay-on-delivery order's payment received (cash, or a bank transfer): paid once; a second call changes nothing */
  api.post("/orders/:id/payment-received", adminOnly, async (c) => {
    const ctx = c.get("ctx");
    const { modifiedCount } = await orders.recordPaymentReceived(ctx, c.req.param("id"));
    const detail = await orders.getOrderDetail(ctx, c.req.param("id"));
    return c.json({ modifiedCount, ...orderDetailJson(detail, imageUrlsOf(c)) } satisfies PaymentReceivedWire);
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
