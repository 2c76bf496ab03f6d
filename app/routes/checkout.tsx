import { Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import * as cart from "../../domain/cart/index.ts";
import * as orders from "../../domain/orders/index.ts";
import * as payments from "../../domain/payments/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { PayOnDeliveryNote } from "../components/BankTransferInstructions.tsx";
import { Spinner } from "../components/Field.tsx";
import { ErrorSummary, fieldId } from "../components/FormErrors.tsx";
import { PlacedOrderSummary } from "../components/OrderLines.tsx";
import { SHIPPING_LABELS, ShippingFields } from "../components/ShippingFields.tsx";
import { handleForm } from "../lib/form.server.ts";
import { signedInOnly } from "../lib/guards.server.ts";
import { useImageUrls } from "../lib/images.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx, requireSignedIn } from "../lib/request.server.ts";
import type { Route } from "./+types/checkout";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Checkout", description: "Shipping and billing details." }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const actor = requireSignedIn(ctx, request);
  const current = await cart.getCart(ctx);
  return {
    cart: current,
    // the order is placed only for the lines and prices this page shows
    cartSeen: cart.cartFingerprint(current.lines),
    // one key per rendering of the form: a double submit or a retry places one order
    requestKey: crypto.randomUUID(),
    name: actor.user.name,
    methods: await payments.availableMethods(ctx),
    // shown with a placed order to pay on delivery: where to transfer to instead (null: no transfers)
    bankTransfer: await payments.bankTransfer(ctx),
  };
}

/**
 * A refused order (409: the cart or a price changed since the page was opened, a line out of stock)
 * loads the page again, so that the summary and the cart it names are the cart as it is now: React
 * Router keeps the loaders' data after a failed action unless told otherwise.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/** Places the order; a card payment then continues on the provider's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  const outcome = await handleForm(request, { run: (values) => orders.checkout(ctx, values) });
  if ("result" in outcome && outcome.result.payment.url) throw redirect(outcome.result.payment.url);
  return outcome;
}

/** The form's fields by name, in its order, for the error summary's links. */
const CHECKOUT_LABELS = { ...SHIPPING_LABELS, paymentMethod: "Payment" };

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { cart: current, cartSeen, requestKey, name, methods, bankTransfer } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const placed = actionData?.ok ? actionData.result.order : null;
  const v = failed?.values;
  const f = failed?.fields ?? {};

  if (placed) {
    return (
      <div className="container-page py-10">
        <h1 className="section-title">Thank you!</h1>
        <div role="status" className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900">
          <p className="text-lg font-semibold">Your order #{placed.orderNumber} has been placed.</p>
          {placed.paymentMethod === "cod" && <PayOnDeliveryNote order={placed} transfer={bankTransfer} />}
          {actionData?.ok && actionData.result.payment.error && (
            <p className="mt-1">{actionData.result.payment.error.message}</p>
          )}
          <p className="mt-1">
            You can follow it in{" "}
            <Link to="/dashboard/myorders" className="font-semibold underline">
              My Orders
            </Link>
            .
          </p>
        </div>
        <PlacedOrderSummary lines={placed.lines} totalCents={placed.totalCents} />
      </div>
    );
  }

  if (current.lines.length === 0) {
    return (
      <div className="container-page py-10">
        <h1 className="section-title">Checkout</h1>
        <div className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center">
          <p className="text-lg text-ink-700">Your cart is empty.</p>
          <Link to="/product" className="btn-primary mt-6">
            CONTINUE SHOPPING
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container-page py-10">
      <h1 className="section-title">Checkout</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Shipping and billing">
          <ErrorSummary
            failure={failed}
            labels={methods.length > 1 ? CHECKOUT_LABELS : SHIPPING_LABELS}
            className="mb-6"
          >
            {Object.keys(f).length === 0 && (
              <Link to="/cart" className="underline">
                Change your cart
              </Link>
            )}
          </ErrorSummary>
          <Form
            method="post"
            key={requestKey}
            className="grid gap-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:grid-cols-2"
            noValidate
          >
            <input type="hidden" name="requestKey" value={requestKey} />
            <input type="hidden" name="cartSeen" value={cartSeen} />
            <ShippingFields values={v} errors={f} defaultName={name} />
            {methods.length > 1 && (
              <fieldset className="sm:col-span-2">
                <legend className="label">Payment</legend>
                <div className="space-y-2">
                  {methods.map((m, i) => (
                    <label key={m.method} className="flex items-center gap-3 text-sm text-ink-800">
                      <input
                        type="radio"
                        id={i === 0 ? fieldId("paymentMethod") : undefined}
                        aria-invalid={f.paymentMethod ? true : undefined}
                        aria-describedby={f.paymentMethod ? "paymentMethod-error" : undefined}
                        name="paymentMethod"
                        value={m.method}
                        defaultChecked={v?.paymentMethod ? v.paymentMethod === m.method : i === 0}
                        className="h-5 w-5 accent-accent-700"
                      />
                      {m.label}
                    </label>
                  ))}
                </div>
                {f.paymentMethod && (
                  <p id="paymentMethod-error" className="field-error">
                    {f.paymentMethod}
                  </p>
                )}
              </fieldset>
            )}
            <button type="submit" className="btn-accent sm:col-span-2" disabled={busy}>
              {busy && <Spinner />}
              {busy ? "Placing your order…" : `Place order · ${formatPrice(current.subtotalCents)}`}
            </button>
          </Form>
        </section>
        <section
          aria-labelledby="summary-title"
          className="self-start rounded-2xl border border-ink-100 bg-white p-5 shadow-sm"
        >
          <h2 id="summary-title" className="text-lg font-semibold">
            Order summary
          </h2>
          <ul className="mt-4 space-y-3">
            {current.lines.map((l) => (
              <li key={l.id} className="flex items-center gap-3 text-sm">
                <img
                  src={images.url(l.imageKey)}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded-lg bg-ink-50 object-cover"
                />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{l.title}</span>
                  {l.hasOptions && <span className="block text-ink-600">{l.variantTitle}</span>}
                  <span className="block text-ink-600">
                    {l.quantity} × {formatPrice(l.unitPriceCents)}
                  </span>
                </span>
                <span className="font-semibold">{formatPrice(l.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex justify-between border-t border-ink-100 pt-4 font-semibold">
            <span>Total</span>
            <span>{formatPrice(current.subtotalCents)}</span>
          </p>
        </section>
      </div>
    </div>
  );
}
