import { data, Form, Link, useNavigation } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import { DomainError } from "../../domain/errors.ts";
import { imageSrcSet, imageUrl } from "../../domain/media/urls.ts";
import * as orders from "../../domain/orders/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { Field, Spinner } from "../components/Field.tsx";
import { signedInOnly } from "../lib/guards.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notFoundPage, requireSignedIn, shop } from "../lib/request.server.ts";
import type { Route } from "./+types/buy-product";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [...pageMeta(matches, { title: loaderData ? `Order ${loaderData.product.title}` : "Order", description: "Shipping and billing details." }), { name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireSignedIn(context, request);
  let product: catalog.Product;
  try {
    product = await catalog.getProduct(shop(context).deps, params.productId);
  } catch (e) {
    if (e instanceof DomainError && e.code === "not_found") notFoundPage();
    throw e;
  }
  // One key per rendering of the form: a double click or a resubmitted form places one order.
  return { product, requestKey: crypto.randomUUID(), name: actor.user.name };
}

const FIELDS = ["full_name", "address", "city", "state", "zip", "phone"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireSignedIn(context, request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Record<(typeof FIELDS)[number], string>;
  try {
    const order = await orders.placeOrder(shop(context).deps, actor, {
      ...values,
      checkbox: form.get("checkbox") === "on",
      productId: params.productId,
      request_key: String(form.get("request_key") ?? "") || undefined,
    });
    return { ok: true as const, orderNumber: order.orderNumber, values: null, fields: {} as Record<string, string>, message: "" };
  } catch (e) {
    if (e instanceof DomainError && e.code !== "unauthenticated") {
      return data({ ok: false as const, orderNumber: 0, values, fields: e.fields ?? {}, message: e.fields ? "" : e.message }, { status: e.status });
    }
    throw e;
  }
}

export default function BuyProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, requestKey, name } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const v = actionData?.values;
  const f = actionData?.fields ?? {};
  return (
    <div className="container-page py-10">
      <h1 className="section-title">Shipping and billing</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Your product" className="self-start rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
          <img src={imageUrl(product.imageKey, 1200)} srcSet={imageSrcSet(product.imageKey)} sizes="(min-width: 900px) 35vw, 92vw" alt={product.title} width={product.imageWidth} height={product.imageHeight} className="aspect-square w-full rounded-xl bg-ink-50 object-cover" />
          <h2 className="mt-4 text-lg font-semibold">{product.title}</h2>
          <p className="text-xl font-bold">{formatPrice(product.priceCents)}</p>
        </section>
        <section aria-label="Order form">
          {actionData?.ok && (
            <div role="status" className="mb-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900">
              <p className="text-lg font-semibold">Thank you! Your order #{actionData.orderNumber} has been placed.</p>
              <p className="mt-1">
                You can follow it in{" "}
                <Link to="/dashboard/myorders" className="font-semibold underline">
                  My Orders
                </Link>
                .
              </p>
            </div>
          )}
          {actionData?.message && (
            <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800">
              {actionData.message}
            </p>
          )}
          <Form method="post" key={requestKey} className="grid gap-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:grid-cols-2" noValidate>
            <input type="hidden" name="request_key" value={requestKey} />
            <Field className="sm:col-span-2" label="Full name" name="full_name" autoComplete="name" required defaultValue={v?.full_name ?? (actionData?.ok ? "" : name)} error={f.full_name} />
            <Field className="sm:col-span-2" label="Address" name="address" autoComplete="street-address" required defaultValue={v?.address} error={f.address} />
            <Field label="City" name="city" autoComplete="address-level2" required defaultValue={v?.city} error={f.city} />
            <Field label="State" name="state" autoComplete="address-level1" required defaultValue={v?.state} error={f.state} />
            <Field label="Zip" name="zip" autoComplete="postal-code" required defaultValue={v?.zip} error={f.zip} />
            <Field label="Phone" name="phone" type="tel" autoComplete="tel" required defaultValue={v?.phone} error={f.phone} />
            <div className="sm:col-span-2">
              <label className="flex items-start gap-3 text-sm text-ink-800">
                <input type="checkbox" name="checkbox" required className="mt-0.5 h-5 w-5 accent-accent-700" aria-invalid={f.checkbox ? true : undefined} aria-describedby={f.checkbox ? "checkbox-error" : undefined} />
                <span>I confirm that the shipping and billing details are correct and I agree to pay for this order.</span>
              </label>
              {f.checkbox && (
                <p id="checkbox-error" className="field-error">
                  {f.checkbox}
                </p>
              )}
            </div>
            <button type="submit" className="btn-accent sm:col-span-2" disabled={busy}>
              {busy && <Spinner />}
              {busy ? "Placing your order…" : `Place order · ${formatPrice(product.priceCents)}`}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
