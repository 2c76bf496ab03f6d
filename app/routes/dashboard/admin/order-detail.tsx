import { Form, Link } from "react-router";
import * as orders from "../../../../domain/orders/index.ts";
import * as payments from "../../../../domain/payments/index.ts";
import { PAYMENT_STATUS_LABELS } from "../../../../domain/payments/labels.ts";
import { formatDateTime } from "../../../../domain/shared/dates.ts";
import { DomainError } from "../../../../domain/shared/errors.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { formText } from "../../../../server/http/forms.ts";
import { CancelOrderButton } from "../../../components/CancelOrderButton.tsx";
import { OrderLines } from "../../../components/OrderLines.tsx";
import { OrderStatusBadge } from "../../../components/OrderStatusBadge.tsx";
import { PaymentStatusBadge } from "../../../components/PaymentStatusBadge.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { cancelOrderAsAdmin } from "../../../lib/cancel-order.server.ts";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { orNotFoundPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/order-detail";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const n = loaderData?.detail.order.orderNumber;
  return pageMeta(matches, { title: n ? `Order ${n}` : "Order", description: "One order in detail." });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const detail = await orNotFoundPage(orders.getOrderDetail(ctx, params.orderId));
  return {
    detail,
    cancellable: orders.isCancellable(detail.order.status),
    refundsOnCancel: payments.refundsOnCancel(detail.order),
    paidBackByHand: payments.paidBackByHand(detail.order),
    paymentRecordable: payments.isPaymentRecordable(detail.order),
    paymentLabel: (await payments.orderPaymentLabeller(ctx))(detail.order),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values) => {
      const intent = formText(values, "intent");
      if (intent === "cancel") return cancelOrderAsAdmin(ctx, params.orderId);
      if (intent === "paid") {
        const { modifiedCount } = await orders.recordPaymentReceived(ctx, params.orderId);
        return { message: modifiedCount ? "Payment recorded." : "The payment was already recorded." };
      }
      // a post that names no known button does nothing (it must not ship the order by default)
      if (intent !== "ship") throw new DomainError("bad_request", "Choose what to do with the order.");
      await orders.shipOrder(ctx, params.orderId);
      return { message: "Shipped!" };
    },
    success: (result) => result.message,
  });
}

const STATUS_WORDS: Record<string, string> = PAYMENT_STATUS_LABELS;

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, cancellable, refundsOnCancel, paidBackByHand, paymentRecordable, paymentLabel } = loaderData;
  const { order, history, payment, customer } = detail;
  return (
    <div>
      <p className="text-sm">
        <Link to="/dashboard/orders" className="underline">
          All orders
        </Link>
      </p>
      <h1 className="section-title mt-2">Order {order.orderNumber}</h1>
      <Toast toast={toastFor(actionData)} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        <span className="text-sm text-ink-700">
          Placed <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
        </span>
        {order.status === "Pending" && (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="ship"
              className="btn-accent px-3 py-1.5 text-sm"
              disabled={order.paymentMethod === "stripe" && order.paymentStatus !== "paid"}
            >
              Ship this order
            </button>
          </Form>
        )}
        {paymentRecordable && (
          <Form method="post">
            <button type="submit" name="intent" value="paid" className="btn-secondary px-3 py-1.5 text-sm">
              Record payment received
            </button>
          </Form>
        )}
        {cancellable && (
          <CancelOrderButton
            order={{ ...order, refundsOnCancel, paidBackByHand }}
            buttonClass="btn-secondary px-3 py-1.5 text-sm"
          >
            Cancel order
          </CancelOrderButton>
        )}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="lines-title" className="rounded-2xl border border-ink-100 p-4">
          <h2 id="lines-title" className="font-semibold">
            Items
          </h2>
          <div className="mt-3">
            <OrderLines lines={order.lines} />
          </div>
          <p className="mt-3 text-right font-semibold">Total {formatPrice(order.totalCents)}</p>
        </section>
        <section aria-labelledby="customer-title" className="rounded-2xl border border-ink-100 p-4">
          <h2 id="customer-title" className="font-semibold">
            Customer and address
          </h2>
          <p className="mt-3">
            {customer ? (
              <Link to={`/dashboard/customers/${customer.id}`} className="font-medium underline">
                {customer.name}
              </Link>
            ) : (
              "Account deleted"
            )}
            {customer?.disabled && <span className="ml-2 text-sm text-red-800">(disabled)</span>}
          </p>
          <p className="break-all text-sm text-ink-700">{order.userEmail}</p>
          <address className="mt-3 not-italic text-sm">
            {order.fullName}
            <br />
            {order.address}
            <br />
            {order.city}, {order.state} {order.zip}
            <br />
            {order.phone}
          </address>
          <h3 className="mt-4 font-semibold">Payment</h3>
          <p className="text-sm">
            {paymentLabel}: {PAYMENT_STATUS_LABELS[order.paymentStatus]}
          </p>
          {payment?.problem && <p className="mt-1 text-sm text-red-800">{payment.problem}</p>}
        </section>
      </div>

      <section aria-labelledby="history-title" className="mt-6">
        <h2 id="history-title" className="font-semibold">
          History
        </h2>
        <ol className="mt-3 space-y-2" data-testid="order-history">
          {history.map((e) => (
            <li key={e.id} className="rounded-lg border border-ink-100 p-3 text-sm">
              <time dateTime={e.at} className="font-medium">
                {formatDateTime(e.at)}
              </time>
              {": "}
              {e.field === "status"
                ? e.from
                  ? `Status ${e.from} → ${e.to}`
                  : `Placed (${e.to})`
                : `Payment ${STATUS_WORDS[e.from ?? ""] ?? e.from ?? "—"} → ${STATUS_WORDS[e.to] ?? e.to}`}
              {" by "}
              <span className="break-all">
                {e.actor.kind === "provider"
                  ? `the payment provider (${e.actor.email})`
                  : `${e.actor.kind === "admin" ? "admin" : e.actor.kind} ${e.actor.email ?? ""}`}
              </span>
              {e.note && <span className="block text-ink-600">{e.note}</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
