import { useState } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import * as orders from "../../domain/orders/index.ts";
import { MAX_LINE_QUANTITY } from "../../domain/orders/limits.ts";
import * as payments from "../../domain/payments/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { formText } from "../../server/http/forms.ts";
import { PayOnDeliveryNote } from "../components/BankTransferInstructions.tsx";
import { Field, Spinner } from "../components/Field.tsx";
import { ErrorSummary } from "../components/FormErrors.tsx";
import { SHIPPING_LABELS, ShippingFields } from "../components/ShippingFields.tsx";
import { StoredImage } from "../components/StoredImage.tsx";
import { handleForm } from "../lib/form.server.ts";
import { signedInOnly } from "../lib/guards.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notFoundPage, requestCtx, requireSignedIn } from "../lib/request.server.ts";
import type { Route } from "./+types/buy-product";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, {
      title: loaderData ? `Order ${loaderData.product.title}` : "Order",
      description: "Shipping and billing details.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The order form for `quantity` of a variant: where BUY on a product page leads. */
function orderFormPath(productId: string, variantId: string | null, quantity: string | null): string {
  const query = new URLSearchParams();
  if (variantId) query.set("variant", variantId);
  if (quantity) query.set("quantity", quantity);
  const search = query.toString();
  return `/buyProducts/${encodeURIComponent(productId)}${search ? `?${search}` : ""}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const actor = requireSignedIn(ctx, request);
  const query = new URL(request.url).searchParams;
  // BUY sends the product page's add-to-cart form here when React does not run it (its fields: variantId,
  // quantity, intent, returnTo): the address becomes the one BUY leads to with React
  if (query.has("variantId")) {
    throw redirect(orderFormPath(params.productId, query.get("variantId"), query.get("quantity")));
  }
  const product = await catalog.findProduct(ctx, params.productId);
  if (!product) notFoundPage();
  const chosen = query.get("variant");
  const variant = product.variants.find((v) => v.id === chosen) ?? catalog.defaultVariant(product);
  const { quantity, quantityNote } = askedQuantity(query.get("quantity"), variant?.stock ?? 0);
  return {
    product,
    variant,
    quantity,
    quantityNote,
    // One key per rendering of the form: a double click or a resubmitted form places one order.
    requestKey: crypto.randomUUID(),
    name: actor.user.name,
    // shown once the order is placed (Buy Now is paid on delivery): where to transfer to instead (null: no transfers)
    bankTransfer: await payments.bankTransfer(ctx),
  };
}

/**
 * The quantity asked for on the product page, as the form starts with it: lowered to what can be ordered (the
 * stock, an order line's limit), 1 when it is missing or not a whole number, and a note when it was changed.
 */
function askedQuantity(raw: string | null, stock: number): { quantity: number; quantityNote: string | null } {
  if (!raw) return { quantity: 1, quantityNote: null };
  const asked = Number(raw);
  if (!Number.isInteger(asked) || asked < 1) {
    return { quantity: 1, quantityNote: `“${raw.slice(0, 20)}” is not a quantity: the form starts at 1.` };
  }
  const most = Math.max(1, Math.min(MAX_LINE_QUANTITY, stock));
  if (asked <= most) return { quantity: asked, quantityNote: null };
  const why = most === stock ? `only ${most} left` : `at most ${most} in one order`;
  return { quantity: most, quantityNote: `You asked for ${asked}: ${why}, so the form starts at ${most}.` };
}

/** After a refusal because the price or the stock changed (409), the page shows them as they are now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  return handleForm(request, {
    run: (values) => {
      // without scripts the total on the page does not follow the quantity field: a quantity changed since
      // the total was written is shown with its own total before it is ordered
      const totalFor = formText(values, "totalShownFor");
      if (totalFor && totalFor !== formText(values, "quantity")) {
        throw new DomainError("conflict", "Some fields need attention.", {
          quantity: "The quantity changed since the total was shown: check the total, then place the order again.",
        });
      }
      return orders.placeOrder(ctx, { ...values, productId: params.productId });
    },
  });
}

/** The form's fields in its order, as the error summary names them. */
const ORDER_FORM_LABELS = { quantity: "Quantity", ...SHIPPING_LABELS };

/** A quantity as typed, if it is one the shop takes. */
function wholeQuantity(typed: string): number | null {
  const n = Number(typed);
  return typed.trim() !== "" && Number.isInteger(n) && n >= 1 && n <= MAX_LINE_QUANTITY ? n : null;
}

/**
 * The form: quantity, its total, the shipping fields and Place order with the total. It sends the unit
 * price it shows (`priceSeen`): an order whose price changed since is refused (decision 035). Its state
 * starts again with each rendering of the form (a new request key).
 */
function OrderForm({
  requestKey,
  variantId,
  priceCents,
  quantity,
  quantityNote,
  stock,
  values,
  errors,
  defaultName,
  disabled,
}: {
  requestKey: string;
  variantId: string | undefined;
  priceCents: number;
  quantity: number;
  /** why the quantity is not the one asked for on the product page */
  quantityNote: string | null;
  stock: number;
  values: Record<string, string> | undefined;
  errors: Record<string, string>;
  defaultName: string;
  disabled: boolean;
}) {
  const [typed, setTyped] = useState(values?.quantity ?? String(quantity));
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const count = wholeQuantity(typed);
  const total = count === null ? null : formatPrice(priceCents * count);
  return (
    <Form
      method="post"
      className="grid gap-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:grid-cols-2"
      noValidate
    >
      <input type="hidden" name="requestKey" value={requestKey} />
      {variantId && <input type="hidden" name="variantId" value={variantId} />}
      <input type="hidden" name="priceSeen" value={priceCents} />
      <input type="hidden" name="totalShownFor" value={typed} />
      <Field
        label={ORDER_FORM_LABELS.quantity}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, Math.min(MAX_LINE_QUANTITY, stock))}
        required
        defaultValue={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        error={errors.quantity}
        className="sm:self-start"
      />
      <p className="sm:self-end sm:pb-2" aria-live="polite">
        Total: <strong>{total ?? "—"}</strong>
        {count !== null && (
          <span className="text-ink-700">
            {" "}
            ({count} × {formatPrice(priceCents)})
          </span>
        )}
      </p>
      {quantityNote && !values && (
        <p role="status" className="text-sm text-ink-700 sm:col-span-2">
          {quantityNote}
        </p>
      )}
      <ShippingFields values={values} errors={errors} defaultName={defaultName} />
      <button type="submit" className="btn-accent sm:col-span-2" disabled={busy || disabled}>
        {busy && <Spinner />}
        {busy ? "Placing your order…" : total ? `Place order · ${total}` : "Place order"}
      </button>
    </Form>
  );
}

export default function BuyProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variant, quantity, quantityNote, requestKey, name, bankTransfer } = loaderData;
  const priceCents = variant?.priceCents ?? product.priceCents;
  const soldOut = !variant || variant.stock === 0;
  const failed = actionData && !actionData.ok ? actionData : null;
  const v = failed?.values;
  const f = failed?.fields ?? {};
  return (
    <div className="container-page py-10">
      <h1 className="section-title">Shipping and billing</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-label="Your product"
          className="self-start rounded-2xl border border-ink-100 bg-white p-4 shadow-sm"
        >
          <StoredImage
            imageKey={product.imageKey}
            fallbackWidth={1200}
            sizes="(min-width: 900px) 35vw, 92vw"
            alt={product.title}
            width={product.imageWidth}
            height={product.imageHeight}
            className="aspect-square w-full rounded-xl bg-ink-50 object-cover"
          />
          <h2 className="mt-4 text-lg font-semibold">{product.title}</h2>
          {variant && product.options.length > 0 && (
            <p className="text-ink-700">
              {variant.title}{" "}
              <Link to={`/product/${product.id}?variant=${variant.id}`} className="text-sm text-accent-700 underline">
                Change
              </Link>
            </p>
          )}
          <p className="text-xl font-bold">{formatPrice(priceCents)}</p>
          {soldOut && <p className="mt-2 font-semibold text-red-800">Sold out</p>}
        </section>
        <section aria-label="Order form">
          {actionData?.ok && (
            <div
              role="status"
              className="mb-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900"
            >
              <p className="text-lg font-semibold">
                Thank you! Your order #{actionData.result.orderNumber} has been placed.
              </p>
              <PayOnDeliveryNote order={actionData.result} transfer={bankTransfer} />
              <p className="mt-1">
                You can follow it in{" "}
                <Link to="/dashboard/myorders" className="font-semibold underline">
                  My Orders
                </Link>
                .
              </p>
            </div>
          )}
          <ErrorSummary failure={failed} labels={ORDER_FORM_LABELS} className="mb-6" />
          <OrderForm
            key={requestKey}
            requestKey={requestKey}
            variantId={variant?.id}
            priceCents={priceCents}
            quantity={quantity}
            quantityNote={quantityNote}
            stock={variant?.stock ?? 0}
            values={v}
            errors={f}
            defaultName={actionData?.ok ? "" : name}
            disabled={soldOut}
          />
        </section>
      </div>
    </div>
  );
}
