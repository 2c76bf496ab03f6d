import { Form, Link } from "react-router";
import { AUDIT_ACTIONS, type AuditEntry } from "../../../../domain/audit/actions.ts";
import { listAuditEntries } from "../../../../domain/audit/index.ts";
import { formatDateTime } from "../../../../domain/shared/dates.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { Pagination } from "../../../components/Pagination.tsx";
import { pageMeta } from "../../../lib/meta.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/audit";

const PAGE_SIZE = 25;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Audit log", description: "Every admin action: who, when, what changed." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const raw = new URL(request.url).searchParams.get("action") ?? "";
  const action = (AUDIT_ACTIONS as readonly string[]).includes(raw) ? raw : "";
  const { items, total } = await listAuditEntries(ctx, {
    ...(action ? { action } : {}),
    limit: page.limit,
    offset: page.offset,
  });
  return { items, total, action, page: page.page, pageCount: pageCount(total, PAGE_SIZE) };
}

/** Where an entry's target is shown in the admin area. */
function targetHref(target: AuditEntry["target"]): string | null {
  if (!target.id) return null;
  const id = encodeURIComponent(target.id);
  if (target.type === "order") return `/dashboard/orders/${id}`;
  if (target.type === "user") return `/dashboard/customers/${id}`;
  if (target.type === "product") return `/dashboard/products/${id}`;
  return null;
}

const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { items, total, action, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">Audit log</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
          Action
          <select name="action" defaultValue={action} className="input">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-accent px-4 py-2 text-sm">
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink-600">{total === 1 ? "1 entry" : `${total} entries`}</p>
      <ol className="mt-2 space-y-3">
        {items.map((e) => {
          const href = targetHref(e.target);
          return (
            <li key={e.id} data-testid="audit-entry" className="rounded-2xl border border-ink-100 p-4 text-sm">
              <p className="flex flex-wrap gap-x-3">
                <time dateTime={e.createdAt} className="font-medium">
                  {formatDateTime(e.createdAt)}
                </time>
                <span className="break-all">{e.actor.email}</span>
                <code className="rounded bg-ink-100 px-1.5">{e.action}</code>
              </p>
              <p className="mt-1">
                {href ? (
                  <Link to={href} className="underline">
                    {e.summary}
                  </Link>
                ) : (
                  e.summary
                )}
              </p>
              {e.changes && (
                <ul className="mt-1 text-ink-700">
                  {Object.entries(e.changes).map(([field, c]) => (
                    <li key={field} className="break-words">
                      {field}: {show(c.from)} → {show(c.to)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <Pagination page={page} pageCount={pageCount} label="Audit log pages" />
    </div>
  );
}
