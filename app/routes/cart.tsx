import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import * as cart from "../../domain/cart/index.ts";
import { LOW_STOCK_THRESHOLD } from "../../domain/inventory/limits.ts";
import { MAX_LINE_QUANTITY } from "../../domain/orders/limits.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { formText } from "../../server/http/forms.ts";
import { Spinner } from "../components/Field.tsx";
import { useFocusOnFailure } from "../components/FormErrors.tsx";
import { CloseIcon } from "../components/Icons.tsx";
import { Toast, toastFor } from "../components/Toast.tsx";
import { safeRedirect } from "../lib/auth.server.ts";
import { withFlash } from "../lib/flash.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { useImageUrls } from "../lib/images.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/cart";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Your cart", description: "What you are about to order." }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { cart: await cart.getCart(requestCtx(context)) };
}

/**
 * A change refused for want of stock (409) loads the cart again, so that the line shows the stock
 * there is now: React Router keeps the loaders' data after a failed action unless told otherwise.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/**
 * Adds to the cart (from a product page), changes a line's quantity, or removes a line. Product
 * pages with JavaScript ask for the answer as data (`respond=data`) and stay where they are; forms
 * without it get a redirect back, with the outcome as a flash message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  const headers = new Headers();
  const outcome = await handleForm(request, {
    run: async (values) => {
      const intent = formText(values, "intent");
      const line = formText(values, "lineId");
      if (intent === "add") {
        const added = await cart.addToCart(ctx, values);
        if (added.createdCartId) headers.append("Set-Cookie", ctx.services.cartCookie.set(added.createdCartId));
        const name = added.line.hasOptions ? `${added.line.title} (${added.line.variantTitle})` : added.line.title;
        return { message: `Added ${name} to your cart.`, values };
      }
      if (intent === "remove") {
        await cart.removeCartItem(ctx, line);
        return { message: "Removed from your cart.", values };
      }
      await cart.updateCartItem(ctx, line, values);
      return { message: "Quantity updated.", values };
    },
    success: (r) => r.message,
  });
  if (outcome instanceof Response) return outcome;
  const failed = "data" in outcome ? outcome.data : null;
  const succeeded = "result" in outcome ? outcome : null;
  const values = succeeded?.result.values ?? failed?.values ?? {};
  const answer = failed ?? { ok: true as const, message: succeeded?.message ?? "" };
  const status = "init" in outcome ? (outcome.init?.status ?? 400) : 200;
  if (formText(values, "respond") === "data") return data(answer, { status, headers });
  const returnTo = safeRedirect(formText(values, "returnTo") || "/cart");
  // the cart page shows its own failures beside the lines; other pages get them as a message
  if (failed && returnTo === "/cart") return data(answer, { status, headers });
  throw redirect(returnTo, {
    headers: await withFlash(ctx, { message: answer.message, kind: failed ? "error" : "success" }, headers),
  });
}

/**
 * A line's quantity: one fewer, a number to type, one more. A refused change (`error`, the answer
 * `failure`'s message for this line) is said beside the number, which shows the quantity in the cart
 * again and takes the focus (as the answer's page loads, without JavaScript).
 */
function QuantityStepper({
  line,
  busy,
  error,
  failure,
}: {
  line: cart.CartLine;
  busy: boolean;
  error?: string;
  failure?: object | null;
}) {
  const name = line.hasOptions ? `${line.title} (${line.variantTitle})` : line.title;
  const max = Math.min(MAX_LINE_QUANTITY, line.stock);
  const inputId = `qty-${line.id}`;
  const errorId = `${inputId}-error`;
  const input = useFocusOnFailure<HTMLInputElement>(error ? failure : null, (field) => {
    field.value = field.defaultValue;
  });
  return (
    <div>
      <div className="flex items-center gap-1">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="quantity" value={line.quantity - 1} />
          <input type="hidden" name="intent" value={line.quantity <= 1 ? "remove" : "update"} />
          <button
            type="submit"
            className="btn-secondary h-10 w-10 px-0"
            aria-label={`One fewer ${name}`}
            disabled={busy}
          >
            −
          </button>
        </Form>
        {/* (no browser check: the shop's own message, beside the field, says what is wrong) */}
        <Form method="post" preventScrollReset className="flex items-center gap-1" noValidate>
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="intent" value="update" />
          <label htmlFor={inputId} className="sr-only">
            Quantity of {name}
          </label>
          <input
            ref={input}
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, max)}
            defaultValue={line.quantity}
            key={line.quantity}
            className="input h-10 w-16 text-center"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            // biome-ignore lint/a11y/noAutofocus: only in the answer to a refused change of this line, so that without JavaScript the visitor lands on its message
            autoFocus={error ? true : undefined}
          />
          <button type="submit" className="btn-secondary h-10 px-3 text-sm" disabled={busy}>
            Update
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="quantity" value={line.quantity + 1} />
          <button
            type="submit"
            className="btn-secondary h-10 w-10 px-0"
            aria-label={`One more ${name}`}
            disabled={busy || line.quantity >= max}
          >
            +
          </button>
        </Form>
      </div>
      {error && (
        <p id={errorId} className="field-error max-w-60">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a refused quantity change says: the domain's word on the quantity, else its message (out of stock). */
function lineMessage(failure: { message: string; fields: Record<string, string> }): string {
  return failure.fields.quantity ?? Object.values(failure.fields)[0] ?? failure.message;
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { cart: current } = loaderData;
  const navigation = useNavigation();
  const busyLine = navigation.state !== "idle" ? String(navigation.formData?.get("lineId") ?? "") : "";
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  // a refused change of a line's quantity is said beside that line's field; anything else, as a message
  const intent = failure?.values.intent;
  const failedLine =
    failure && intent !== "add" && intent !== "remove"
      ? current.lines.find((l) => l.id === failure.values.lineId)
      : undefined;
  const lineError = failure && failedLine ? lineMessage(failure) : undefined;
  return (
    <div className="container-page py-10">
      <h1 className="section-title">Your cart</h1>
      <Toast toast={failure && !failedLine ? toastFor(failure) : null} />
      {current.lines.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center">
          <p className="text-lg text-ink-700">Your cart is empty.</p>
          <Link to="/product" className="btn-primary mt-6">
            CONTINUE SHOPPING
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <ul className="space-y-4" aria-label="Items in your cart">
            {current.lines.map((line) => (
              <li
                key={line.id}
                data-testid="cart-line"
                className="flex flex-wrap items-center gap-4 rounded-2xl border border-ink-100 bg-white p-4 shadow-sm"
              >
                <img
                  src={images.url(line.imageKey)}
                  alt=""
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded-xl bg-ink-50 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/product/${line.productId}?variant=${line.variantId}`}
                    className="font-semibold hover:underline"
                  >
                    {line.title}
                  </Link>
                  {line.hasOptions && <p className="text-sm text-ink-700">{line.variantTitle}</p>}
                  <p className="text-sm text-ink-700">{formatPrice(line.unitPriceCents)} each</p>
                  {line.stock <= LOW_STOCK_THRESHOLD && (
                    <p className="text-sm font-semibold text-amber-800">
                      {line.stock === 0 ? "Sold out: remove it to check out" : `Only ${line.stock} left`}
                    </p>
                  )}
                </div>
                <QuantityStepper
                  line={line}
                  busy={busyLine === line.id}
                  error={line === failedLine ? lineError : undefined}
                  failure={failure}
                />
                <p className="w-24 text-right font-semibold">
                  <span className="sr-only">Line total </span>
                  {busyLine === line.id ? <Spinner /> : formatPrice(line.lineTotalCents)}
                </p>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="lineId" value={line.id} />
                  <input type="hidden" name="intent" value="remove" />
                  <button
                    type="submit"
                    className="rounded-full p-2 text-ink-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
                    aria-label={`Remove ${line.title}${line.hasOptions ? ` (${line.variantTitle})` : ""}`}
                  >
                    <CloseIcon />
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <section
            aria-labelledby="summary-title"
            className="self-start rounded-2xl border border-ink-100 bg-white p-6 shadow-sm"
          >
            <h2 id="summary-title" className="text-lg font-semibold">
              Summary
            </h2>
            <p className="mt-4 flex justify-between">
              <span>
                Subtotal ({current.itemCount} {current.itemCount === 1 ? "item" : "items"})
              </span>
              <span className="font-semibold" data-testid="cart-subtotal">
                {formatPrice(current.subtotalCents)}
              </span>
            </p>
            <p className="mt-1 text-sm text-ink-600">
              Shipping is free. Prices are checked again when you place the order.
            </p>
            <Link to="/checkout" className="btn-accent mt-6 w-full">
              Checkout
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
