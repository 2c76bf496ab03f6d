import { Form, Link } from "react-router";
import { formatPrice } from "../../domain/shared/money.ts";
import * as wishlist from "../../domain/wishlist/index.ts";
import { formText } from "../../server/http/forms.ts";
import { CloseIcon } from "../components/Icons.tsx";
import { Toast, toastFor } from "../components/Toast.tsx";
import { handleForm } from "../lib/form.server.ts";
import { signedInOnly } from "../lib/guards.server.ts";
import { useImageUrls } from "../lib/images.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx, requireSignedIn } from "../lib/request.server.ts";
import type { Route } from "./+types/wishlist";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "My Wishlist", description: "Products you saved for later." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  return { items: await wishlist.listMyWishlist(ctx) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  return handleForm(request, {
    run: (values) => wishlist.removeFromWishlist(ctx, formText(values, "itemId")),
    success: "Removed from your wishlist.",
  });
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { items } = loaderData;
  return (
    <div className="container-page py-10">
      <h1 className="section-title">My Wishlist</h1>
      <Toast toast={toastFor(actionData)} />
      {items.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center">
          <p className="text-lg text-ink-700">
            There are no favorites yet. Add your favorites to wishlist and they will show here.
          </p>
          <Link to="/product" className="btn-primary mt-6">
            CONTINUE SHOPPING
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-4 rounded-2xl border border-ink-100 bg-white p-4 shadow-sm"
              data-testid="wishlist-item"
            >
              <img
                src={images.url(item.imageKey)}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="h-24 w-24 rounded-xl bg-ink-50 object-cover"
              />
              <div className="min-w-0 flex-1">
                {item.productId ? (
                  <Link to={`/product/${item.productId}`} className="font-semibold text-ink-900 hover:underline">
                    {item.title}
                  </Link>
                ) : (
                  <p className="font-semibold text-ink-900">
                    {item.title} <span className="text-sm font-normal text-ink-600">(no longer sold)</span>
                  </p>
                )}
                <p className="text-ink-700">{formatPrice(item.priceCents)}</p>
                {item.productId && (
                  <Link to={`/buyProducts/${item.productId}`} className="btn-primary mt-2 px-3 py-1.5 text-sm">
                    Buy Now
                  </Link>
                )}
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="itemId" value={item.id} />
                <button
                  type="submit"
                  className="rounded-full p-2 text-ink-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
                  aria-label={`Remove ${item.title} from wishlist`}
                >
                  <CloseIcon />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
