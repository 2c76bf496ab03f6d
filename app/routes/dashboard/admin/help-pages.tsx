import { Link } from "react-router";
import * as content from "../../../../domain/content/index.ts";
import { formatDate } from "../../../../domain/shared/dates.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/help-pages";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Help pages", description: "The shop's terms, returns, shipping and other help." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return { pages: await content.listHelpPages(ctx) };
}

export default function HelpPages({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="section-title">Help pages</h1>
      <p className="mt-2 max-w-2xl text-ink-700">
        The pages the footer links to under Help. Until a page is written, it tells visitors to contact the shop.
      </p>
      <ul className="mt-6 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white shadow-sm">
        {loaderData.pages.map((p) => (
          <li key={p.slug} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold text-ink-900">{p.title}</p>
              <p className="text-sm text-ink-600">
                {p.updatedAt ? `Written, last updated ${formatDate(p.updatedAt)}` : "Not written yet"} ·{" "}
                <Link to={`/help/${p.slug}`} className="text-accent-700 underline">
                  /help/{p.slug}
                </Link>
              </p>
            </div>
            <Link to={`/dashboard/pages/${p.slug}`} className="btn-secondary" aria-label={`Edit ${p.title}`}>
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
