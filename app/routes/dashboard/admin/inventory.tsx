import { Form, Link, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import * as catalog from "../../../../domain/catalog/index.ts";
import * as inventory from "../../../../domain/inventory/index.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { Spinner } from "../../../components/Field.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { INVENTORY_PAGE_SIZE } from "../../../lib/page-sizes.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/inventory";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Inventory", description: "Stock of every variant." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const url = new URL(request.url);
  const page = listPage(request, INVENTORY_PAGE_SIZE);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const low = url.searchParams.get("low") === "1";
  const { items, total } = await inventory.listInventory(ctx, {
    q,
    low: low ? "1" : "0",
    limit: page.limit,
    offset: page.offset,
  });
  return {
    rows: items,
    total,
    q,
    low,
    threshold: inventory.LOW_STOCK_THRESHOLD,
    page: page.page,
    pageCount: pageCount(total, INVENTORY_PAGE_SIZE),
  };
}

/**
 * After a refusal because the stock changed meanwhile (409), the rows are read again, so that the page shows
 * the stock as it is now and the next save compares with that (4xx answers keep the page's data by default).
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/** A form's whole number as a number, anything else as typed (the schema then says what is wrong). */
const whole = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : text);

/**
 * One row's stock: the same call as `PATCH /api/variants/{id}` (audited as inventory.adjust). The form
 * says the stock it showed (`stockWas`), so a sale made since is not undone: a stock typed over it is refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values) => {
      const stockWas = formText(values, "stockWas").trim();
      const variant = await catalog.updateVariant(ctx, formText(values, "variantId"), {
        stock: whole(formText(values, "stock").trim()),
        ...(stockWas ? { stockWas: whole(stockWas) } : {}),
      });
      return { variantId: variant.id, stock: variant.stock };
    },
    success: (r) => `Stock set to ${r.stock}.`,
  });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Answer = Route.ComponentProps["actionData"];

/** The page's answer when it is about this row (a form posted without JavaScript). */
const answerFor = (answer: Answer, variantId: string) =>
  answer && (answer.ok ? answer.result.variantId : answer.values.variantId) === variantId ? answer : undefined;

/**
 * A row's stock form: a real form post without JavaScript; with it, the row is saved in place. It sends
 * the stock it shows (`stockWas`); the field shows the stock again whenever the page reads a new one.
 */
function StockForm({ row, threshold, pageAnswer }: { row: Row; threshold: number; pageAnswer: Answer }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? answerFor(pageAnswer, row.variantId);
  const error = answer && !answer.ok ? (answer.fields.stock ?? answer.message) : undefined;
  const saved = answer?.ok ? answer.result.stock : row.stock;
  const id = `stock-${row.variantId}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="variantId" value={row.variantId} />
      <input type="hidden" name="stockWas" value={String(row.stock)} readOnly />
      <div>
        <label htmlFor={id} className="sr-only">
          Stock of {row.sku}
        </label>
        <input
          key={row.stock}
          id={id}
          name="stock"
          inputMode="numeric"
          defaultValue={String(row.stock)}
          className="input w-20 py-1.5"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-secondary px-3 py-1.5 text-sm" aria-label={`Save stock of ${row.sku}`}>
        {busy && <Spinner />}
        Save
      </button>
      <span role="status" className="self-center text-xs text-ink-700">
        {answer?.ok ? "Saved" : ""}
        {saved <= threshold && (
          <span className="ml-1 font-semibold text-red-800">{saved === 0 ? "Sold out" : "Low"}</span>
        )}
      </span>
    </fetcher.Form>
  );
}

export default function Inventory({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, q, low, threshold, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">Inventory</h1>
      <Toast toast={toastFor(actionData)} />
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-auto sm:min-w-0 sm:flex-1">
          <label htmlFor="inventory-search" className="label">
            Search product or SKU
          </label>
          <input id="inventory-search" name="q" type="search" defaultValue={q} className="input" />
        </div>
        <label className="flex items-center gap-2 pb-3 text-sm">
          <input type="checkbox" name="low" value="1" defaultChecked={low} /> Low stock only ({threshold} or fewer)
        </label>
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink-600">{total === 1 ? "1 variant" : `${total} variants`}</p>
      <div className="mt-2 rounded-2xl border border-ink-100 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Variants and their stock</caption>
          <thead className="bg-ink-50 text-ink-700">
            <tr>
              <th scope="col" className="p-3">
                Product
              </th>
              <th scope="col" className="hidden p-3 sm:table-cell">
                SKU
              </th>
              <th scope="col" className="hidden p-3 sm:table-cell">
                Options
              </th>
              <th scope="col" className="p-3">
                Stock
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {rows.map((r) => (
              <tr key={r.variantId} data-testid="inventory-row">
                <td className="p-3 align-top">
                  <Link to={`/dashboard/products/${r.productId}`} className="font-medium text-ink-900 hover:underline">
                    {r.productTitle}
                  </Link>
                  {r.productStatus === "draft" && <span className="ml-2 text-xs text-amber-900">(draft)</span>}
                  {/* on phones the SKU and options sit under the title */}
                  <span className="mt-1 block break-all font-mono text-xs text-ink-700 sm:hidden">{r.sku}</span>
                  {r.title !== "Default" && <span className="block text-xs text-ink-700 sm:hidden">{r.title}</span>}
                </td>
                <td className="hidden p-3 align-top font-mono text-xs sm:table-cell">{r.sku}</td>
                <td className="hidden p-3 align-top sm:table-cell">{r.title === "Default" ? "—" : r.title}</td>
                <td className="p-3 align-top">
                  <StockForm row={r} threshold={threshold} pageAnswer={actionData} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} label="Inventory pages" />
    </div>
  );
}
