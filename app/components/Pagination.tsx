import { Link, useLocation } from "react-router";

/**
 * Page links that keep the rest of the URL's state (search text, category), plus `extra` (e.g. the
 * shuffled order the first page was shown in). Pages are 1-based.
 */
export function Pagination({
  page,
  pageCount,
  label = "Pagination",
  extra = {},
}: {
  page: number;
  pageCount: number;
  label?: string;
  extra?: Record<string, string>;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  const pages = visiblePages(page, pageCount);
  const item =
    "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600";
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={`${item} border-ink-300 hover:bg-ink-100`} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={`${item} border-ink-200 text-ink-500`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pages.map((p, i) =>
          p === "…" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                className={`${item} ${p === page ? "border-ink-900 bg-ink-900 text-white" : "border-ink-300 hover:bg-ink-100"}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} className={`${item} border-ink-300 hover:bg-ink-100`} rel="next">
              Next
            </Link>
          ) : (
            <span className={`${item} border-ink-200 text-ink-500`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 20 */
export function visiblePages(page: number, count: number): (number | "…")[] {
  const set = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | "…")[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push("…");
    out.push(p);
  }
  return out;
}
