import { Link } from "react-router";

/** Home / … / current page. The last crumb is the page itself (no link). */
export function Breadcrumb({ trail, current }: { trail: { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-600">
      <ol className="flex flex-wrap gap-2">
        {[{ to: "/", label: "Home" }, ...trail].map((c) => (
          <li key={c.to} className="flex gap-2">
            <Link to={c.to} className="hover:underline">
              {c.label}
            </Link>
            <span aria-hidden="true">/</span>
          </li>
        ))}
        <li aria-current="page" className="text-ink-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}
