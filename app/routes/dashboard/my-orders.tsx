import { Link } from "react-router";
import { DomainError } from "../../../domain/errors.ts";
import { imageUrl } from "../../../domain/media/urls.ts";
import * as orders from "../../../domain/orders/index.ts";
import { formatPrice } from "../../../domain/shared/money.ts";
import { ConfirmForm } from "../../components/ConfirmForm.tsx";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { Toast } from "../../components/Toast.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { requireSignedIn, shop } from "../../lib/request.server.ts";
import type { Route } from "./+types/my-orders";

const PAGE_SIZE = 10;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "My Orders", description: "Your orders." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireSignedIn(context, request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const { items, total } = await orders.listOrdersOf(shop(context).deps, actor, actor.user.email, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    orders: items.map((o) => ({ ...o, cancellable: orders.isCancellable(o.status) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireSignedIn(context, request);
  const form = await request.formData();
  try {
    await orders.cancelOrder(shop(context).deps, actor, String(form.get("orderId") ?? ""));
    return { toast: { message: "Canceled!", kind: "success" as const } };
  } catch (e) {
    if (e instanceof DomainError) return { toast: { message: e.message, kind: "error" as const } };
    throw e;
  }
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders: list, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">My Order</h1>
      <Toast toast={actionData?.toast} />
      {list.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center">
          <p className="text-lg text-ink-700">There are no orders placed yet.</p>
          <Link to="/product" className="btn-primary mt-6">
            CONTINUE SHOPPING
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {list.map((o) => {
            const line = o.lines[0];
            return (
              <li key={o.id} className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:p-5" data-testid="order">
                <div className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-100 pb-3 text-sm">
                  <p>
                    <span className="text-ink-600">Order </span>
                    <span className="font-semibold text-ink-900">#{o.orderNumber}</span>
                  </p>
                  <p className="text-ink-600">
                    Placed on <time dateTime={o.placedAt}>{formatDateTime(o.placedAt)}</time>
                  </p>
                </div>
                <div className="mt-4 flex flex-wrap items-center gap-4">
                  {line && <img src={imageUrl(line.imageKey)} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 rounded-xl bg-ink-50 object-cover" />}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink-900">{line?.title}</p>
                    <p className="text-ink-700">{formatPrice(o.totalCents)}</p>
                  </div>
                  <OrderStatusBadge status={o.status} />
                  <ConfirmForm
                    question="Are you sure to cancel this order?"
                    fields={{ orderId: o.id }}
                    buttonClass="btn-secondary text-sm"
                    buttonLabel={`Cancel order ${o.orderNumber}`}
                    disabled={!o.cancellable}
                  >
                    Cancel
                  </ConfirmForm>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} label="Order pages" />
    </div>
  );
}
