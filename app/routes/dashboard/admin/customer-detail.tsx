import { Form, Link } from "react-router";
import * as customers from "../../../../domain/customers/index.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { OrderStatusBadge } from "../../../components/OrderStatusBadge.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { PaymentStatusBadge } from "../../../components/PaymentStatusBadge.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { listPage, orNotFoundPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/customer-detail";

const PAGE_SIZE = 10;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData ? `Customer ${loaderData.customer.name}` : "Customer",
    description: "A customer and their orders.",
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const me = requireAdminPage(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const { customer, orders } = await orNotFoundPage(customers.getCustomer(ctx, params.customerId, page));
  return {
    customer,
    orders: orders.items,
    page: page.page,
    pageCount: pageCount(orders.total, PAGE_SIZE),
    self: customer.id === me.user.id,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values) => {
      const disable = formText(values, "intent") === "disable";
      await (disable ? customers.disableCustomer : customers.enableCustomer)(ctx, params.customerId);
      return disable;
    },
    success: (disabled) =>
      disabled ? "Account disabled: it can no longer sign in." : "Account enabled: it can sign in again.",
  });
}

export default function CustomerDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c, orders, page, pageCount, self } = loaderData;
  return (
    <div>
      <p className="text-sm">
        <Link to="/dashboard/customers" className="underline">
          All customers
        </Link>
      </p>
      <h1 className="section-title mt-2">{c.name}</h1>
      <Toast toast={toastFor(actionData)} />
      <p className="mt-2 break-all text-ink-700">{c.email}</p>
      <p className="mt-1 text-sm text-ink-700">
        {c.orderCount === 1 ? "1 order" : `${c.orderCount} orders`} · {formatPrice(c.totalSpentCents)} spent ·{" "}
        {c.disabled ? <strong className="text-red-800">Disabled: cannot sign in</strong> : "Can sign in"}
      </p>
      {!self && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={c.disabled ? "enable" : "disable"} />
          <button
            type="submit"
            className={c.disabled ? "btn-accent px-4 py-2 text-sm" : "btn-secondary px-4 py-2 text-sm"}
          >
            {c.disabled ? "Enable account" : "Disable account"}
          </button>
        </Form>
      )}
      <h2 className="mt-8 font-semibold">Orders</h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">No orders yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-ink-100 rounded-2xl border border-ink-100">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
              <Link to={`/dashboard/orders/${o.id}`} className="font-medium underline">
                Order {o.orderNumber}
              </Link>
              <span>
                <time dateTime={o.placedAt}>{o.placedAt.slice(0, 10)}</time> · {formatPrice(o.totalCents)}
              </span>
              <span className="flex gap-2">
                <OrderStatusBadge status={o.status} />
                <PaymentStatusBadge status={o.paymentStatus} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} label="Order pages" />
    </div>
  );
}
