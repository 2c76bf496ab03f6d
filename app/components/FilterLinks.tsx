import { Link, useLocation } from "react-router";

/** Links that filter a list by one query parameter, keeping the rest of the URL (except the page). */
export function FilterLinks({
  param,
  options,
  current,
  label,
}: {
  param: string;
  options: { value: string; label: string }[];
  current: string;
  label: string;
}) {
  const location = useLocation();
  const href = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    if (value) params.set(param, value);
    else params.delete(param);
    const s = params.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => (
          <li key={o.value || "all"}>
            <Link
              to={href(o.value)}
              aria-current={o.value === current ? "page" : undefined}
              className={`inline-block rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${o.value === current ? "border-ink-900 bg-ink-900 text-white" : "border-ink-300 text-ink-700 hover:bg-ink-100"}`}
            >
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
