import { Form, Link } from "react-router";
import * as customers from "../../../../domain/customers/index.ts";
import { DomainError } from "../../../../domain/shared/errors.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { Pagination } from "../../../components/Pagination.tsx";
import { pageMeta } from "../../../lib/meta.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/customers";

const PAGE_SIZE = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Customers", description: "The shop's customers." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  let problem: string | null = null;
  let result: Awaited<ReturnType<typeof customers.listCustomers>>;
  try {
    result = await customers.listCustomers(ctx, { q, limit: page.limit, offset: page.offset });
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== "bad_request") throw e;
    problem = Object.values(e.fields ?? {}).join(" ") || e.message;
    result = await customers.listCustomers(ctx, { limit: page.limit, offset: page.offset });
  }
  return {
    items: result.items,
    total: result.total,
    q,
    problem,
    page: page.page,
    pageCount: pageCount(result.total, PAGE_SIZE),
  };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { items, total, q, problem, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">Customers</h1>
      <Form method="get" role="search" aria-label="Find customers" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-ink-700">
          Email or name
          <input type="search" name="q" defaultValue={q} className="input" maxLength={254} />
        </label>
        <button type="submit" className="btn-accent px-4 py-2 text-sm">
          Find
        </button>
      </Form>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <p className="mt-4 text-sm text-ink-600">{total === 1 ? "1 customer" : `${total} customers`}</p>
      <ul className="mt-2 divide-y divide-ink-100 rounded-2xl border border-ink-100">
        {items.map((c) => (
          <li key={c.id} data-testid="customer" className="flex flex-wrap items-center justify-between gap-2 p-4">
            <div className="min-w-0">
              <Link to={`/dashboard/customers/${c.id}`} className="font-semibold underline">
                {c.name}
              </Link>
              {c.role === "admin" && <span className="ml-2 text-xs font-semibold text-ink-600">Admin</span>}
              {c.disabled && <span className="ml-2 text-xs font-semibold text-red-800">Disabled</span>}
              <p className="break-all text-sm text-ink-700">{c.email}</p>
            </div>
            <p className="text-sm text-ink-700">
              {c.orderCount === 1 ? "1 order" : `${c.orderCount} orders`} · {formatPrice(c.totalSpentCents)} spent
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} label="Customer pages" />
    </div>
  );
}
