import { Link } from "react-router";
import { formatPrice } from "../../../domain/shared/money.ts";
import { getDashboardStats } from "../../../domain/stats/index.ts";
import { RevenueChart } from "../../components/RevenueChart.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { requestCtx, requireSignedIn } from "../../lib/request.server.ts";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Dashboard", description: "Your account." });
}

/** Admins see how the shop is doing; customers see the dashboard's picture. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const who = requireSignedIn(ctx, request);
  return { stats: who.kind === "admin" ? await getDashboardStats(ctx) : null };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  if (!stats) {
    return (
      <div>
        <h1 className="sr-only">Dashboard</h1>
        <img
          src="/images/dashboard.svg"
          alt="Shopping bags and parcels on their way"
          width={960}
          height={600}
          className="w-full rounded-2xl"
        />
      </div>
    );
  }
  return (
    <div>
      <h1 className="section-title">Dashboard</h1>
      <p className="mt-2 text-sm text-ink-600">{stats.rule} Days are UTC.</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3" aria-label="Sales">
        {stats.periods.map((p) => (
          <li key={p.key} data-testid={`period-${p.key}`} className="rounded-2xl border border-ink-100 p-4">
            <h2 className="text-sm font-semibold text-ink-600">{p.label}</h2>
            <p className="mt-1 text-2xl font-bold">{formatPrice(p.revenueCents)}</p>
            <p className="text-sm text-ink-700">
              {p.orders === 1 ? "1 order" : `${p.orders} orders`} · average {formatPrice(p.averageOrderCents)}
            </p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="revenue-title" className="mt-6">
        <h2 id="revenue-title" className="font-semibold">
          Revenue per day
        </h2>
        <div className="mt-2">
          <RevenueChart days={stats.perDay} title={`Revenue per day, last ${stats.perDay.length} days`} />
        </div>
      </section>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="top-title">
          <h2 id="top-title" className="font-semibold">
            Top products (30 days)
          </h2>
          {stats.topProducts.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">No sales yet.</p>
          ) : (
            <ol className="mt-2 divide-y divide-ink-100 rounded-2xl border border-ink-100">
              {stats.topProducts.map((p) => (
                <li key={p.productId} className="flex justify-between gap-3 p-3 text-sm">
                  <Link to={`/product/${p.productId}`} className="min-w-0 break-words underline">
                    {p.title}
                  </Link>
                  <span className="shrink-0">
                    {p.units} sold · {formatPrice(p.revenueCents)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="low-title">
          <h2 id="low-title" className="font-semibold">
            Low stock (at most {stats.lowStockThreshold} left)
          </h2>
          {stats.lowStock.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">Every variant is well stocked.</p>
          ) : (
            <ul className="mt-2 divide-y divide-ink-100 rounded-2xl border border-ink-100">
              {stats.lowStock.map((v) => (
                <li key={v.variantId} className="flex justify-between gap-3 p-3 text-sm">
                  <span className="min-w-0 break-words">
                    {v.productTitle}
                    {v.variantTitle && v.variantTitle !== "Default" && (
                      <span className="text-ink-600"> · {v.variantTitle}</span>
                    )}
                    <span className="block text-xs text-ink-600">{v.sku}</span>
                  </span>
                  <span className={`shrink-0 font-semibold ${v.stock === 0 ? "text-red-800" : "text-amber-800"}`}>
                    {v.stock === 0 ? "Sold out" : `${v.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
