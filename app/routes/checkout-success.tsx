import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import * as orders from "../../domain/orders/index.ts";
import { PlacedOrderSummary } from "../components/OrderLines.tsx";
import { signedInOnly } from "../lib/guards.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notFoundPage, requestCtx, requireSignedIn } from "../lib/request.server.ts";
import type { Route } from "./+types/checkout-success";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

/** How often the page asks again while the provider's confirmation is on its way. */
const RECHECK_SECONDS = 2;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Thank you", description: "Your order and its payment." }),
    { name: "robots", content: "noindex" },
    // without JavaScript the page reloads itself until the payment is confirmed
    ...(loaderData && loaderData.order.paymentStatus === "pending"
      ? [{ httpEquiv: "refresh", content: String(RECHECK_SECONDS + 1) }]
      : []),
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const id = new URL(request.url).searchParams.get("order") ?? "";
  const order = await orders.getOrder(ctx, id).catch(() => notFoundPage());
  return { order };
}

/**
 * Where the payment provider sends the customer back. The payment counts once the provider's
 * signed webhook has arrived ("Payment received"); until then the page says it is waiting.
 */
export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const revalidator = useRevalidator();
  const waiting = order.paymentStatus === "pending" || order.paymentStatus === "unpaid";
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void revalidator.revalidate(), RECHECK_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);
  return (
    <div className="container-page py-10">
      <h1 className="section-title">Thank you!</h1>
      <div role="status" className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900">
        <p className="text-lg font-semibold">Your order #{order.orderNumber} has been placed.</p>
        {order.paymentStatus === "paid" && <p className="mt-1 font-semibold">Payment received.</p>}
        {waiting && <p className="mt-1">Waiting for confirmation of your payment…</p>}
        {order.paymentStatus === "failed" && (
          <p className="mt-1">
            The payment did not go through.{" "}
            <Link to="/dashboard/myorders" className="font-semibold underline">
              Pay now from My Orders
            </Link>
            .
          </p>
        )}
        <p className="mt-1">
          You can follow it in{" "}
          <Link to="/dashboard/myorders" className="font-semibold underline">
            My Orders
          </Link>
          .
        </p>
      </div>
      <PlacedOrderSummary lines={order.lines} totalCents={order.totalCents} />
    </div>
  );
}
