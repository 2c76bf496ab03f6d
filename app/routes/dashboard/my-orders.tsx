import { Form, Link, redirect } from "react-router";
import * as orders from "../../../domain/orders/index.ts";
import * as payments from "../../../domain/payments/index.ts";
import { formatDateTime } from "../../../domain/shared/dates.ts";
import { formatPrice } from "../../../domain/shared/money.ts";
import { pageCount } from "../../../domain/shared/pagination.ts";
import { formText } from "../../../server/http/forms.ts";
import { ConfirmForm } from "../../components/ConfirmForm.tsx";
import { OrderLines } from "../../components/OrderLines.tsx";
import { OrderStatusBadge } from "../../components/OrderStatusBadge.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { PaymentStatusBadge } from "../../components/PaymentStatusBadge.tsx";
import { Toast, toastFor } from "../../components/Toast.tsx";
import { handleForm } from "../../lib/form.server.ts";
import { useImageUrls } from "../../lib/images.ts";
import { pageMeta } from "../../lib/meta.ts";
import { listPage, requestCtx, requireSignedIn } from "../../lib/request.server.ts";
import type { Route } from "./+types/my-orders";

const PAGE_SIZE = 10;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "My Orders", description: "Your orders." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const { items, total } = await orders.listMyOrders(ctx, page);
  return {
    page: page.page,
    pageCount: pageCount(total, PAGE_SIZE),
    orders: items.map((o) => ({ ...o, cancellable: orders.isCancellable(o.status), canPay: payments.canPayNow(o) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const outcome = await handleForm(request, {
    run: async (values) => {
      const id = formText(values, "orderId");
      if (formText(values, "intent") === "pay") return { pay: await orders.payNow(ctx, id) };
      await orders.cancelOrder(ctx, id);
      return { pay: null };
    },
    success: (r) => (r.pay ? "" : "Canceled!"),
  });
  if ("result" in outcome && outcome.result.pay?.url) throw redirect(outcome.result.pay.url);
  return outcome;
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { orders: list, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">My Order</h1>
      <Toast toast={toastFor(actionData)} />
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
              <li
                key={o.id}
                className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:p-5"
                data-testid="order"
              >
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
                  {line && (
                    <img
                      src={images.url(line.imageKey)}
                      alt=""
                      width={80}
                      height={80}
                      loading="lazy"
                      className="h-20 w-20 rounded-xl bg-ink-50 object-cover"
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    {o.lines.length === 1 ? (
                      <p className="font-semibold text-ink-900">
                        {line?.title}
                        {line?.variantTitle && <span className="font-normal text-ink-600"> · {line.variantTitle}</span>}
                        {line && line.quantity > 1 && (
                          <span className="font-normal text-ink-600"> × {line.quantity}</span>
                        )}
                      </p>
                    ) : (
                      <OrderLines lines={o.lines} compact />
                    )}
                    <p className="mt-1 text-ink-700">
                      {o.lines.length > 1 && <span className="sr-only">Total </span>}
                      {formatPrice(o.totalCents)}
                    </p>
                  </div>
                  <OrderStatusBadge status={o.status} />
                  <PaymentStatusBadge status={o.paymentStatus} />
                  {o.canPay && (
                    <Form method="post">
                      <input type="hidden" name="orderId" value={o.id} />
                      <input type="hidden" name="intent" value="pay" />
                      <button type="submit" className="btn-accent text-sm">
                        Pay now<span className="sr-only"> for order {o.orderNumber}</span>
                      </button>
                    </Form>
                  )}
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
