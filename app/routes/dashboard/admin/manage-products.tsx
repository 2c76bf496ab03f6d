import { Form, Link, useNavigation } from "react-router";
import * as catalog from "../../../../domain/catalog/index.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { Spinner } from "../../../components/Field.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { useImageUrls } from "../../../lib/images.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { MANAGE_PRODUCTS_PAGE_SIZE } from "../../../lib/page-sizes.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/manage-products";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Manage Products", description: "Every product in the catalogue." });
}

const STATUS_LABELS = { all: "All", published: "Published", draft: "Drafts" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const url = new URL(request.url);
  const page = listPage(request, MANAGE_PRODUCTS_PAGE_SIZE);
  const asked = {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    category: url.searchParams.get("category") ?? "",
    status: (url.searchParams.get("status") ?? "all") as keyof typeof STATUS_LABELS,
  };
  if (!(asked.status in STATUS_LABELS)) asked.status = "all";
  const categories = (await catalog.listCategories(ctx)).map(({ slug, name }) => ({ slug, name }));
  if (!categories.some((c) => c.slug === asked.category)) asked.category = "";
  const { items, total } = await catalog.listProductsForAdmin(ctx, {
    ...asked,
    limit: page.limit,
    offset: page.offset,
  });
  return {
    products: items,
    total,
    page: page.page,
    pageCount: pageCount(total, MANAGE_PRODUCTS_PAGE_SIZE),
    categories,
    asked,
    maxUploadBytes: ctx.config.maxUploadBytes,
  };
}

type ImportResult = catalog.ImportOutcome & { intent: "preview" | "import"; csv: string; fileName: string };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values, form): Promise<{ deleted?: number; import?: ImportResult }> => {
      const intent = formText(values, "intent");
      if (intent === "preview" || intent === "import") {
        // the preview keeps the file's text in the page, so that "Import" needs no second upload
        const file = form.files.file;
        const bytes =
          file && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : Buffer.from(formText(values, "csv"));
        const fileName = file?.name || formText(values, "fileName") || "products.csv";
        const csv = bytes.toString("utf8");
        try {
          const outcome = await catalog.importProductsCsv(ctx, bytes, { dryRun: intent === "preview" });
          return { import: { ...outcome, intent, csv: intent === "preview" ? csv : "", fileName } };
        } catch (e) {
          if (!(e instanceof catalog.ImportRefused)) throw e;
          return {
            import: {
              created: 0,
              updated: 0,
              errors: e.errors,
              dryRun: true,
              ignoredColumns: e.ignoredColumns,
              intent,
              csv: "",
              fileName,
            },
          };
        }
      }
      return { deleted: (await catalog.deleteProduct(ctx, formText(values, "productId"))).deletedCount };
    },
    success: (r) =>
      r.import
        ? r.import.errors.length
          ? `${r.import.errors.length === 1 ? "1 row needs" : `${r.import.errors.length} rows need`} attention; nothing was imported.`
          : r.import.dryRun
            ? "Preview ready: nothing has been written yet."
            : `Imported: ${r.import.created} created, ${r.import.updated} updated.`
        : "Deleted!",
  });
}

function StatusBadge({ status }: { status: catalog.ProductStatus }) {
  return status === "draft" ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Published</span>
  );
}

function Filters({ categories, asked }: Pick<Route.ComponentProps["loaderData"], "categories" | "asked">) {
  return (
    <Form method="get" role="search" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
      <div>
        <label htmlFor="product-search" className="label">
          Search title or SKU
        </label>
        <input id="product-search" name="q" type="search" defaultValue={asked.q} className="input" />
      </div>
      <div>
        <label htmlFor="product-category" className="label">
          Category
        </label>
        <select id="product-category" name="category" defaultValue={asked.category} className="input">
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="product-status" className="label">
          Status
        </label>
        <select id="product-status" name="status" defaultValue={asked.status} className="input">
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        Filter
      </button>
    </Form>
  );
}

function ImportExport({ result, maxUploadBytes }: { result: ImportResult | undefined; maxUploadBytes: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.has("intent");
  const previewed = result?.intent === "preview" && result.errors.length === 0;
  return (
    <section
      aria-labelledby="import-export-title"
      className="mt-8 rounded-2xl border border-ink-100 bg-white p-4 sm:p-6"
    >
      <h2 id="import-export-title" className="text-lg font-semibold text-ink-900">
        Import and export (CSV)
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        One row per variant: sku, title, category (several joined with |), price, stock, stock_at_export, status,
        option:Size …, desc1–desc4, product_id. Rows are matched by SKU. Change stock, not stock_at_export: an exported
        file changes only the stocks you typed, and refuses one whose variant sold since the export.
      </p>
      <a href="/api/admin/products.csv" download className="btn-secondary mt-3 text-sm">
        Export products (CSV)
      </a>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3" data-testid="import-form">
        <div>
          <label htmlFor="import-file" className="label">
            CSV file to import
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-help"
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-ink-900 file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          <p id="import-help" className="mt-1 text-xs text-ink-600">
            UTF-8 CSV up to {Math.round(maxUploadBytes / 1024)} KB. Preview first: nothing is written until you import.
          </p>
        </div>
        <button type="submit" name="intent" value="preview" className="btn-primary text-sm" disabled={busy}>
          {busy && <Spinner />}
          Preview import
        </button>
      </Form>
      {result && (
        <div className="mt-4" data-testid="import-result">
          {result.ignoredColumns.length > 0 && (
            <p className="mb-2 text-sm text-ink-800" data-testid="import-ignored-columns">
              Not read (the import knows only the export's columns):{" "}
              {result.ignoredColumns.map((name) => `“${name}”`).join(", ")}.
            </p>
          )}
          {result.errors.length > 0 ? (
            <div className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
              <p className="font-semibold">
                {result.fileName}: {result.errors.length === 1 ? "1 row needs" : `${result.errors.length} rows need`}{" "}
                attention. Nothing was imported.
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {result.errors.map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    Row {e.row}: {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <div className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
              <p className="font-semibold">
                {result.dryRun ? `Preview of ${result.fileName}: ` : `Imported ${result.fileName}: `}
                {result.dryRun ? "would create" : "created"} {result.created},{" "}
                {result.dryRun ? "would update" : "updated"} {result.updated}.
              </p>
              {previewed && (result.created > 0 || result.updated > 0) && (
                <Form method="post" encType="multipart/form-data" className="mt-3">
                  <input type="hidden" name="csv" value={result.csv} />
                  <input type="hidden" name="fileName" value={result.fileName} />
                  <button type="submit" name="intent" value="import" className="btn-accent text-sm" disabled={busy}>
                    Import {result.created + result.updated} {result.created + result.updated === 1 ? "row" : "rows"}
                  </button>
                </Form>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { products, total, page, pageCount, categories, asked, maxUploadBytes } = loaderData;
  const result = actionData?.ok ? actionData.result.import : undefined;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="section-title">All Product</h1>
        <Link to="/dashboard/addnewproduct" className="btn-primary text-sm">
          Add A Product
        </Link>
      </div>
      <Toast
        toast={result?.errors.length ? { message: actionData?.message ?? "", kind: "error" } : toastFor(actionData)}
      />
      <Filters categories={categories} asked={asked} />
      <p className="mt-4 text-sm text-ink-600" aria-live="polite">
        {total === 1 ? "1 product" : `${total} products`}
      </p>
      <ul className="mt-2 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white">
        {products.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap sm:gap-4"
            data-testid="admin-product"
          >
            <img
              src={images.url(p.imageKey)}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="h-16 w-16 rounded-lg bg-ink-50 object-cover"
            />
            <div className="min-w-0 flex-1">
              <Link
                to={`/product/${p.id}`}
                id={`product-title-${p.id}`}
                className="font-semibold text-ink-900 hover:underline"
              >
                {p.title}
              </Link>
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
                {formatPrice(p.priceCents)} <StatusBadge status={p.status} />
                <span className="truncate text-xs text-ink-600">{p.skus.join(", ")}</span>
              </p>
            </div>
            <div className="flex gap-2">
              {/* named "Edit", described by the product's title (its name stays the title link's alone) */}
              <Link
                to={`/dashboard/products/${p.id}`}
                className="btn-secondary px-3 py-1.5 text-sm"
                aria-describedby={`product-title-${p.id}`}
              >
                Edit
              </Link>
              <ConfirmForm
                question="Are you sure to delete this product?"
                fields={{ productId: p.id }}
                buttonClass="btn-secondary px-3 py-1.5 text-sm text-red-800"
                buttonLabel={`Delete ${p.title}`}
              >
                Delete
              </ConfirmForm>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} label="Product pages" />
      <ImportExport result={result} maxUploadBytes={maxUploadBytes} />
    </div>
  );
}
