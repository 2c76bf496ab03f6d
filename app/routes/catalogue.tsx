import { useEffect, useRef } from "react";
import { data, Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import { MAX_PRICE_DOLLARS, MAX_SEARCH_LENGTH } from "../../domain/catalog/limits.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { pageCount } from "../../domain/shared/pagination.ts";
import { SearchIcon } from "../components/Icons.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { pageMeta } from "../lib/meta.ts";
import { listPage, requestCtx } from "../lib/request.server.ts";
import { searchText } from "../lib/search.server.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/catalogue";

// Opened as a document, the catalogue runs without React (decision 028): its search box and filters are
// followed by the page script (`data-live-form`), which puts the parts of the page they change
// (`data-live-part`) in place from the page their fields ask for — the same page a GET form loads. The
// fields themselves are never in a part: they stay as the visitor left them, focus and all. Like every page
// without React it carries the style rules its content uses; the script takes the new page's with its parts.
export const handle: PageHandle = { hydrate: false };

/** A part of the catalogue a search or a filter changes: the page script replaces its contents (decision 028). */
const livePart = (name: string) => ({ "data-live-part": name });

const PAGE_SIZE = 24;
const SHUFFLE_COOKIE = "vitrine_shuffle";
/**
 * The most a price field takes: room for the highest price the filters accept with cents and separators
 * ("1,000,000.00", counted without Intl: see PriceFormat). The bound keeps a paste from making an address
 * longer than the server reads (431).
 */
const PRICE_TEXT_LENGTH = ((digits) => digits + Math.floor((digits - 1) / 3) + ".00".length)(
  String(MAX_PRICE_DOLLARS).length,
);

/** The filters and sort a catalogue address may carry (besides `q`, `page` and `shuffle`). */
const FILTERS = ["category", "min_price", "max_price", "in_stock", "sort"] as const;

const SORT_LABELS: Record<catalog.ListSort | "", string> = {
  "": "Featured",
  relevance: "Best match",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  newest: "Newest",
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const category = loaderData?.category
    ? loaderData.facets.category.find((c) => c.slug === loaderData.category)?.name
    : undefined;
  return pageMeta(matches, {
    title: category ? `${category} — Products` : "Products",
    description:
      "Browse and search the whole catalogue: phones, watches, laptops, TVs, clothing, shoes, denim and accessories.",
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The shop shows products in a shuffled order that stays put for a visitor: which of the shuffled
 * orders comes from the address (`shuffle`, which every link on the page carries), else from the
 * visit's cookie, else it is drawn now and kept in the cookie.
 */
function shuffledOrder(request: Request, url: URL): { shuffle: number; setCookie?: string } {
  const fromUrl = url.searchParams.get("shuffle");
  if (fromUrl && /^\d{1,3}$/.test(fromUrl) && Number(fromUrl) < catalog.SHUFFLED_ORDERS) {
    return { shuffle: Number(fromUrl) };
  }
  const fromCookie = /(?:^|;\s*)vitrine_shuffle=(\d{1,3})(?:;|$)/.exec(request.headers.get("cookie") ?? "");
  if (fromCookie && Number(fromCookie[1]) < catalog.SHUFFLED_ORDERS) return { shuffle: Number(fromCookie[1]) };
  const shuffle = Math.floor(Math.random() * catalog.SHUFFLED_ORDERS);
  return { shuffle, setCookie: `${SHUFFLE_COOKIE}=${shuffle}; Path=/; SameSite=Lax; HttpOnly` };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const url = new URL(request.url);
  const q = searchText(url.searchParams.get("q"));
  const page = listPage(request, PAGE_SIZE);
  const asked = Object.fromEntries(
    FILTERS.flatMap((f) => (url.searchParams.get(f) ? [[f, url.searchParams.get(f) ?? ""]] : [])),
  );
  const { query, problems } = catalog.readListQuery(asked);
  const browsing = !q && !query.sort;
  const { shuffle, setCookie } = browsing ? shuffledOrder(request, url) : { shuffle: null, setCookie: undefined };
  const result = await catalog.searchProducts(ctx, {
    ...query,
    ...(q ? { q } : {}),
    // the domain's seeds 1 … 2^31 − 2 pick the shuffled order `seed mod SHUFFLED_ORDERS`
    ...(shuffle === null ? {} : { seed: String(shuffle || catalog.SHUFFLED_ORDERS) }),
    limit: String(page.limit),
    offset: String(page.offset),
  });
  return data(
    {
      q,
      category: query.category ?? "",
      minPrice: query.min_price ?? "",
      maxPrice: query.max_price ?? "",
      inStock: query.in_stock === "true" || query.in_stock === "1",
      sort: (query.sort ?? "") as catalog.ListSort | "",
      shuffle,
      problems,
      page: page.page,
      pageCount: pageCount(result.total, PAGE_SIZE),
      total: result.total,
      corrected: result.corrected ?? null,
      didYouMean: result.didYouMean ?? null,
      facets: {
        category: result.facets.category,
        price: result.facets.price.filter((r) => r.count > 0),
        inStock: result.facets.inStock.inStock,
      },
      products: result.items.map(({ id, title, priceCents, imageKey, imageWidth, imageHeight, available }) => ({
        id,
        title,
        priceCents,
        imageKey,
        imageWidth,
        imageHeight,
        available,
      })),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** This address with some parameters set or removed (and back to page 1). */
function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    for (const [name, value] of Object.entries(changes)) {
      if (value) params.set(name, value);
      else params.delete(name);
    }
    const s = params.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
}

const priceRangeLabel = (r: { from: number; to: number | null }) =>
  r.to === null
    ? `${formatPrice(r.from)} and up`
    : r.from === 0
      ? `Under ${formatPrice(r.to)}`
      : `${formatPrice(r.from)} – ${formatPrice(r.to)}`;

function CategoryLinks({ data: d }: { data: LoaderData }) {
  const href = useHref();
  const options = [
    { value: "", label: "All", count: null as number | null },
    ...d.facets.category.map((c) => ({ value: c.slug, label: c.name, count: c.count })),
  ];
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const current = o.value === d.category;
          return (
            <li key={o.value || "all"} className="flex items-center">
              <Link
                to={href({ category: o.value || null })}
                aria-current={current ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${current ? "border-ink-900 bg-ink-900 text-white" : "border-ink-300 text-ink-700 hover:bg-ink-100"}`}
              >
                {o.label}
              </Link>
              {o.count !== null && <span className="ml-1 text-xs text-ink-600">{o.count}</span>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * What a change in one of the catalogue's two live forms asks for, when React follows them: its own fields, and
 * the other form's own fields as the visitor left them (not its hidden copies of this one's, which are the
 * address's), so that a price typed while a search's answer is awaited is not lost. Empty fields are left out,
 * as the page script does without React (`addressOf` in app/page-script.ts, which cannot import this).
 */
function liveFormQuery(form: HTMLFormElement): URLSearchParams {
  const values = new Map<string, string>();
  const read = (field: HTMLInputElement | HTMLSelectElement) =>
    values.set(
      field.name,
      field instanceof HTMLInputElement && field.type === "checkbox" && !field.checked ? "" : field.value,
    );
  const fieldsOf = (f: HTMLFormElement) =>
    f.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[name], select[name]");
  for (const field of fieldsOf(form)) read(field);
  for (const other of document.querySelectorAll<HTMLFormElement>("form[data-live-form]")) {
    if (other !== form) for (const field of fieldsOf(other)) if (field.type !== "hidden") read(field);
  }
  return new URLSearchParams([...values].filter(([, value]) => value));
}

/** Follows a live form's change with React Router, replacing the address (see liveFormQuery). */
function useFollowLiveForm() {
  const submit = useSubmit();
  return (form: HTMLFormElement) =>
    submit(liveFormQuery(form), { method: "get", action: "/product", replace: true, preventScrollReset: true });
}

/** Price ranges, stock and sort: links and a form that works without JavaScript and follows each change with it. */
function Filters({ data: d }: { data: LoaderData }) {
  const href = useHref();
  const follow = useFollowLiveForm();
  return (
    <Form
      method="get"
      aria-label="Filters"
      className="mt-4 grid gap-4 rounded-2xl border border-ink-100 p-4 sm:grid-cols-[1fr_auto]"
      onChange={(e) => follow(e.currentTarget)}
      onSubmit={(e) => {
        e.preventDefault();
        follow(e.currentTarget);
      }}
      data-live-form=""
    >
      <span hidden {...livePart("filters-carried")}>
        {d.q && <input type="hidden" name="q" value={d.q} />}
        {d.category && <input type="hidden" name="category" value={d.category} />}
        {d.shuffle !== null && <input type="hidden" name="shuffle" value={d.shuffle} />}
      </span>
      <div className="space-y-3">
        <div {...livePart("price-ranges")}>
          {d.facets.price.length > 1 && (
            <nav aria-label="Price ranges">
              <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {d.facets.price.map((r) => (
                  <li key={r.from}>
                    <Link
                      className="text-accent-700 underline-offset-2 hover:underline"
                      to={href({
                        min_price: r.from ? String(r.from / 100) : null,
                        max_price: r.to === null ? null : String((r.to - 1) / 100),
                      })}
                    >
                      {priceRangeLabel(r)}
                    </Link>{" "}
                    <span className="text-ink-600">({r.count})</span>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="min_price" className="label">
              Lowest price
            </label>
            <input
              id="min_price"
              name="min_price"
              maxLength={PRICE_TEXT_LENGTH}
              inputMode="decimal"
              defaultValue={d.minPrice}
              className="input w-28"
              aria-invalid={d.problems.min_price ? true : undefined}
              aria-describedby={d.problems.min_price ? "min_price-error" : undefined}
            />
          </div>
          <div>
            <label htmlFor="max_price" className="label">
              Highest price
            </label>
            <input
              id="max_price"
              name="max_price"
              maxLength={PRICE_TEXT_LENGTH}
              inputMode="decimal"
              defaultValue={d.maxPrice}
              className="input w-28"
              aria-invalid={d.problems.max_price ? true : undefined}
              aria-describedby={d.problems.max_price ? "max_price-error" : undefined}
            />
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              id="in_stock"
              type="checkbox"
              name="in_stock"
              value="true"
              defaultChecked={d.inStock}
              className="h-4 w-4"
            />
            In stock only{" "}
            <span className="text-ink-600" {...livePart("in-stock-count")}>
              ({d.facets.inStock})
            </span>
          </label>
        </div>
        <div {...livePart("filter-problems")}>
          {(["min_price", "max_price", "in_stock", "category", "sort"] as const).map(
            (field) =>
              d.problems[field] && (
                <p key={field} id={`${field}-error`} className="text-sm font-medium text-red-800" role="alert">
                  {d.problems[field]}
                </p>
              ),
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="sort" className="label">
            Sort by
          </label>
          {/* A search's own order is its relevance: the first option ("Best match"), which an address asking for
              sort=relevance chooses too; one option, named once, and no sort in the address for it. */}
          <select
            id="sort"
            name="sort"
            defaultValue={d.sort === "relevance" ? "" : d.sort}
            className="input"
            {...livePart("sort-options")}
          >
            {(Object.entries(SORT_LABELS) as [catalog.ListSort | "", string][])
              .filter(([value]) => value !== "relevance")
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {value === "" && d.q ? SORT_LABELS.relevance : label}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Apply
        </button>
      </div>
    </Form>
  );
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const { q, category, page, pageCount, total, products } = d;
  const navigation = useNavigation();
  const follow = useFollowLiveForm();
  const href = useHref();
  const input = useRef<HTMLInputElement>(null);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/product";

  // Keep the box in step with the URL when the visitor goes back or forward.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);

  return (
    <div className="container-page py-10">
      <h1 className="section-title">Available products</h1>

      <Form
        method="get"
        role="search"
        className="mt-6 flex gap-2"
        onChange={(e) => follow(e.currentTarget)}
        onSubmit={(e) => {
          e.preventDefault();
          follow(e.currentTarget);
        }}
        data-live-form=""
      >
        <span hidden {...livePart("search-carried")}>
          {FILTERS.map((f) => {
            const value = {
              category,
              min_price: d.minPrice,
              max_price: d.maxPrice,
              in_stock: d.inStock ? "true" : "",
              sort: d.sort,
            }[f];
            return value ? <input key={f} type="hidden" name={f} value={value} /> : null;
          })}
        </span>
        <label htmlFor="search" className="sr-only">
          Search
        </label>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-500" />
          <input
            ref={input}
            id="search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search"
            autoComplete="off"
            className="input pl-10"
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>

      <div className="mt-4" {...livePart("categories")}>
        <CategoryLinks data={d} />
      </div>
      <Filters data={d} />

      <div className="mt-6 flex items-center justify-between text-sm text-ink-600" aria-live="polite">
        <div {...livePart("count")}>
          <p>
            {total === 1 ? "1 product" : `${total} products`}
            {q ? ` matching “${q}”` : ""}
          </p>
          {d.corrected && <p>Including results for “{d.corrected}”.</p>}
        </div>
        {/* said by the page script while it awaits the results (without React), or when they cannot be loaded */}
        <p
          role="status"
          data-live-status=""
          data-pending="Loading…"
          data-failed="The results could not be loaded. Check the connection and try again."
        />
        {loading && (
          <p className="flex items-center gap-2" role="status">
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-ink-300 border-t-accent-700"
              aria-hidden="true"
            />
            Loading…
          </p>
        )}
      </div>

      <div
        className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}
        aria-busy={loading}
        {...livePart("results")}
      >
        <h2 className="sr-only">Products</h2>
        {products.length > 0 ? (
          <ProductGrid products={products} eagerCount={4} />
        ) : total > 0 ? (
          // an address past the last page (an old link, a catalogue that has shrunk)
          <div className="rounded-2xl border border-dashed border-ink-300 p-12 text-center">
            <p className="text-lg font-semibold">This page is past the last one</p>
            <p className="mt-2 text-ink-700">
              {total === 1 ? "The 1 product is" : `The ${total} products are`} on{" "}
              {pageCount === 1 ? "1 page" : `${pageCount} pages`}.
            </p>
            <Link to={href({ page: pageCount > 1 ? String(pageCount) : null })} className="btn-secondary mt-6">
              Go to the last page
            </Link>
          </div>
        ) : (
          <div className="rounded-2xl border border-dashed border-ink-300 p-12 text-center">
            <p className="text-lg font-semibold">No products found</p>
            {d.didYouMean ? (
              <p className="mt-2 text-ink-700">
                Did you mean{" "}
                <Link to={href({ q: d.didYouMean })} className="font-semibold text-accent-700 underline">
                  {d.didYouMean}
                </Link>
                ?
              </p>
            ) : (
              <p className="mt-2 text-ink-600">Try another word, or browse all products.</p>
            )}
            <Link to="/product" className="btn-secondary mt-6">
              Show all products
            </Link>
          </div>
        )}
      </div>
      <div {...livePart("pages")}>
        <Pagination
          page={page}
          pageCount={pageCount}
          extra={d.shuffle === null ? undefined : { shuffle: String(d.shuffle) }}
        />
      </div>
    </div>
  );
}
