import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { listAuditEntries } from "../../domain/audit/index.ts";
import * as catalog from "../../domain/catalog/index.ts";
import * as inventory from "../../domain/inventory/index.ts";
import { UPLOAD_FORM_FIELDS_BYTES } from "../../domain/media/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import type { AppEnv } from "../context.ts";
import { errorBody } from "../http/errors.ts";
import { readForm } from "../http/forms.ts";
import { queryOf, withTotal } from "./body.ts";
import { adminOnly } from "./guards.ts";
import { inventoryRowJson } from "./serialize.ts";
import type { AuditEntryWire, InventoryRowWire, ProductImportWire } from "./wire-schemas.ts";

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
        return c.json({ ...errorBody(e.code, e.message), created: 0, updated: 0, errors: e.errors, dryRun }, 422);
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

  return api;
}
