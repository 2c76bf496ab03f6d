import { Form, Link, useNavigation } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import * as orders from "../../domain/orders/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { Spinner } from "../components/Field.tsx";
import { ShippingFields } from "../components/ShippingFields.tsx";
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

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const actor = requireSignedIn(ctx, request);
  const product = await catalog.findProduct(ctx, params.productId);
  if (!product) notFoundPage();
  const chosen = new URL(request.url).searchParams.get("variant");
  const variant = product.variants.find((v) => v.id === chosen) ?? catalog.defaultVariant(product);
  // One key per rendering of the form: a double click or a resubmitted form places one order.
  return { product, variant, requestKey: crypto.randomUUID(), name: actor.user.name };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  return handleForm(request, {
    run: (values) => orders.placeOrder(ctx, { ...values, productId: params.productId }),
  });
}

export default function BuyProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variant, requestKey, name } = loaderData;
  const priceCents = variant?.priceCents ?? product.priceCents;
  const soldOut = !variant || variant.stock === 0;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
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
              <p className="mt-1">
                You can follow it in{" "}
                <Link to="/dashboard/myorders" className="font-semibold underline">
                  My Orders
                </Link>
                .
              </p>
            </div>
          )}
          {failed?.message && Object.keys(f).length === 0 && (
            <p
              role="alert"
              className="mb-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800"
            >
              {failed.message}
            </p>
          )}
          <Form
            method="post"
            key={requestKey}
            className="grid gap-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:grid-cols-2"
            noValidate
          >
            <input type="hidden" name="requestKey" value={requestKey} />
            {variant && <input type="hidden" name="variantId" value={variant.id} />}
            <ShippingFields values={v} errors={f} defaultName={actionData?.ok ? "" : name} />
            <button type="submit" className="btn-accent sm:col-span-2" disabled={busy || soldOut}>
              {busy && <Spinner />}
              {busy ? "Placing your order…" : `Place order · ${formatPrice(priceCents)}`}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
