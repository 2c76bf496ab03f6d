import { Form, Link, redirect, useNavigation } from "react-router";
import * as orders from "../../domain/orders/index.ts";
import * as payments from "../../domain/payments/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { formText } from "../../server/http/forms.ts";
import { Spinner } from "../components/Field.tsx";
import { handleForm } from "../lib/form.server.ts";
import { signedInOnly } from "../lib/guards.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notFoundPage, requestCtx, requireSignedIn } from "../lib/request.server.ts";
import type { Route } from "./+types/checkout-cancel";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Payment not completed", description: "Your order is saved." }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const id = new URL(request.url).searchParams.get("order") ?? "";
  const order = await orders.getOrder(ctx, id).catch(() => notFoundPage());
  return { order, canPay: payments.canPayNow(order) };
}

/** "Pay now": a new payment page for the order. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const outcome = await handleForm(request, { run: (values) => orders.payNow(ctx, formText(values, "orderId")) });
  if ("result" in outcome && outcome.result.url) throw redirect(outcome.result.url);
  return outcome;
}

/** Where the payment provider sends a customer who did not pay: the order is kept, and can be paid now. */
export default function CheckoutCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { order, canPay } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return (
    <div className="container-page py-10">
      <h1 className="section-title">Payment not completed</h1>
      <p className="mt-4 max-w-2xl text-ink-700">
        Your order #{order.orderNumber} ({formatPrice(order.totalCents)}) is saved, but it is not paid yet.
      </p>
      {failed && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800">
          {failed.message}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {canPay && (
          <Form method="post">
            <input type="hidden" name="orderId" value={order.id} />
            <button type="submit" className="btn-accent" disabled={busy}>
              {busy && <Spinner />}
              Pay now
            </button>
          </Form>
        )}
        <Link to="/dashboard/myorders" className="btn-secondary">
          My Orders
        </Link>
      </div>
    </div>
  );
}
