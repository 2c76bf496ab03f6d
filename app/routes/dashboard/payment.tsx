import { Form, redirect, useNavigation } from "react-router";
import * as orders from "../../../domain/orders/index.ts";
import * as payments from "../../../domain/payments/index.ts";
import { formatDateTime } from "../../../domain/shared/dates.ts";
import { formatPrice } from "../../../domain/shared/money.ts";
import { pageCount } from "../../../domain/shared/pagination.ts";
import { formText } from "../../../server/http/forms.ts";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { PaymentStatusBadge } from "../../components/PaymentStatusBadge.tsx";
import { Toast, toastFor } from "../../components/Toast.tsx";
import { handleForm } from "../../lib/form.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { listPage, requestCtx, requireSignedIn } from "../../lib/request.server.ts";
import type { Route } from "./+types/payment";

const PAGE_SIZE = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Payment", description: "Your payments." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const { items, total } = await orders.listMyOrders(ctx, page);
  const paymentLabel = await payments.orderPaymentLabeller(ctx);
  return {
    page: page.page,
    pageCount: pageCount(total, PAGE_SIZE),
    payments: items.map((o) => ({
      orderId: o.id,
      orderNumber: o.orderNumber,
      amountCents: o.totalCents,
      methodLabel: paymentLabel(o),
      status: o.paymentStatus,
      cancelled: o.status === "Cancelled",
      placedAt: o.placedAt,
      canPay: payments.canPayNow(o),
    })),
  };
}

/** "Pay now": a new payment page for an unpaid card order. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const outcome = await handleForm(request, { run: (values) => orders.payNow(ctx, formText(values, "orderId")) });
  if ("result" in outcome && outcome.result.url) throw redirect(outcome.result.url);
  return outcome;
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { payments: list, page, pageCount: pages } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <h1 className="section-title">Payment</h1>
      <Toast toast={actionData && "ok" in actionData && !actionData.ok ? toastFor(actionData) : null} />
      {list.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center text-ink-700">
          No payments yet: they appear here with your orders.
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {list.map((p) => (
            <li
              key={p.orderId}
              data-testid="payment"
              className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl border border-ink-100 bg-white p-4 shadow-sm"
            >
              <p className="min-w-40 flex-1">
                <span className="font-semibold">Order #{p.orderNumber}</span>
                <span className="block text-sm text-ink-600">
                  <time dateTime={p.placedAt}>{formatDateTime(p.placedAt)}</time>
                </span>
              </p>
              <p className="font-semibold">{formatPrice(p.amountCents)}</p>
              <p className="text-sm text-ink-700">{p.methodLabel}</p>
              {p.cancelled && <OrderStatusBadge status="Cancelled" />}
              {/* an order cancelled before it was paid owes nothing: "Unpaid" would say it does */}
              {p.cancelled && p.status === "unpaid" ? (
                <p className="text-sm text-ink-700">Nothing to pay</p>
              ) : (
                <PaymentStatusBadge status={p.status} />
              )}
              {p.canPay && (
                <Form method="post">
                  <input type="hidden" name="orderId" value={p.orderId} />
                  <button type="submit" className="btn-accent px-3 py-1.5 text-sm" disabled={busy}>
                    Pay now<span className="sr-only"> for order {p.orderNumber}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pages} label="Payment pages" />
    </div>
  );
}
