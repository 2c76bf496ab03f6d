import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import { SearchIcon } from "../components/Icons.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { FilterLinks } from "../components/FilterLinks.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { pageMeta } from "../lib/meta.ts";
import { shop } from "../lib/request.server.ts";
import type { Route } from "./+types/catalogue";

const PAGE_SIZE = 24;
const SHUFFLE_COOKIE = "vitrine_shuffle";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const category = loaderData?.category ? loaderData.categories.find((c) => c.slug === loaderData.category)?.name : undefined;
  return pageMeta(matches, {
    title: category ? `${category} — Products` : "Products",
    description: "Browse and search the whole catalogue: phones, watches, laptops, TVs, clothing, shoes, denim and accessories.",
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The shop shows products in a shuffled order, but one that stays put while a visitor searches
 * and pages: the order comes from a per-visit number kept in a session cookie.
 */
function visitSeed(request: Request): { seed: number; setCookie?: string } {
  const match = /(?:^|;\s*)vitrine_shuffle=(\d+)/.exec(request.headers.get("cookie") ?? "");
  const existing = match ? Number(match[1]) : Number.NaN;
  if (existing >= 1 && existing < 2_147_483_647) return { seed: existing };
  const seed = 536_870_912 + Math.floor(Math.random() * 1_610_612_734);
  return { seed, setCookie: `${SHUFFLE_COOKIE}=${seed}; Path=/; SameSite=Lax; HttpOnly` };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const categorySlug = url.searchParams.get("category") ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const categories = await catalog.listCategories(db);
  const category = categories.some((c) => c.slug === categorySlug) ? categorySlug : "";
  const { seed, setCookie } = visitSeed(request);
  const { items, total } = await catalog.listProducts({ db }, { q: q || undefined, category: category || undefined, seed, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return data(
    {
      q,
      category,
      categories: categories.map(({ slug, name }) => ({ slug, name })),
      page,
      pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
      products: items.map(({ id, title, priceCents, imageKey, imageWidth, imageHeight }) => ({ id, title, priceCents, imageKey, imageWidth, imageHeight })),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { q, category, categories, page, pageCount, total, products } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/product";

  // Keep the box in step with the URL when the visitor goes back or forward.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);


  return (
    <div className="container-page py-10">
      <h1 className="section-title">Available products</h1>

      <Form method="get" role="search" className="mt-6 flex gap-2" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
        {category && <input type="hidden" name="category" value={category} />}
        <label htmlFor="search" className="sr-only">
          Search
        </label>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-500" />
          <input ref={input} id="search" name="q" type="search" defaultValue={q} placeholder="Search" autoComplete="off" className="input pl-10" />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>

      <div className="mt-4">
        <FilterLinks param="category" current={category} label="Categories" options={[{ value: "", label: "All" }, ...categories.map((c) => ({ value: c.slug, label: c.name }))]} />
      </div>

      <div className="mt-6 flex items-center justify-between text-sm text-ink-600" aria-live="polite">
        <p>{total === 1 ? "1 product" : `${total} products`}{q ? ` matching “${q}”` : ""}</p>
        {loading && (
          <p className="flex items-center gap-2" role="status">
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-ink-300 border-t-accent-700" aria-hidden="true" />
            Loading…
          </p>
        )}
      </div>

      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <h2 className="sr-only">Products</h2>
        {products.length > 0 ? (
          <ProductGrid products={products} eagerCount={4} />
        ) : (
          <div className="rounded-2xl border border-dashed border-ink-300 p-12 text-center">
            <p className="text-lg font-semibold">No products found</p>
            <p className="mt-2 text-ink-600">Try another word, or browse all products.</p>
            <Link to="/product" className="btn-secondary mt-6">
              Show all products
            </Link>
          </div>
        )}
      </div>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
