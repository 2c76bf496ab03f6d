import { useEffect, useState } from "react";
import {
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigate,
  useNavigation,
} from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import { chooseVariant, isValueAvailable } from "../../domain/catalog/variant-choice.ts";
import { LOW_STOCK_THRESHOLD } from "../../domain/inventory/limits.ts";
import { MAX_LINE_QUANTITY } from "../../domain/orders/limits.ts";
import { formatPrice, toDollars } from "../../domain/shared/money.ts";
import { isWellFormedId } from "../../domain/shared/schemas.ts";
import * as wishlist from "../../domain/wishlist/index.ts";
import { formText } from "../../server/http/forms.ts";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import { Spinner } from "../components/Field.tsx";
import { HeartIcon } from "../components/Icons.tsx";
import { GalleryThumbnails, SHOWN_PICTURE, useShownImage } from "../components/ProductGallery.tsx";
import { ShareDialog } from "../components/ShareDialog.tsx";
import { StoredImage } from "../components/StoredImage.tsx";
import { Toast, toastFor } from "../components/Toast.tsx";
import { withFlash } from "../lib/flash.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { useHydrated } from "../lib/hydrated.ts";
import { useImageUrls } from "../lib/images.ts";
import { absoluteImageUrl, shopNameFrom } from "../lib/meta.ts";
import { notFoundPage, requestCtx, toLogin } from "../lib/request.server.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/product";

/** Opened as a document, the product page works without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

/** The part of the page with the title, price and choices: what a choice sent without React comes back to. */
const DETAILS_ID = "details";
/** The add-to-cart form, whose quantity BUY sends to the order form too. */
const ADD_TO_CART_ID = "add-to-cart";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const product = await catalog.findProduct(ctx, params.productId);
  if (!product) notFoundPage();
  const url = new URL(request.url);
  // the choice travels in the URL (?Size=M&Colour=Navy, or ?variant=<id>), so it works without JavaScript
  const byId = product.variants.find((v) => v.id === url.searchParams.get("variant"));
  const chosen =
    byId ??
    chooseVariant(
      product.variants,
      product.options,
      Object.fromEntries(product.options.map((o) => [o.name, url.searchParams.get(o.name)])),
    );
  const wishlistEntry = await wishlist.wishlistEntryFor(ctx, product.id);
  return {
    product,
    chosenId: chosen?.id ?? null,
    wishlistEntry,
    shareUrl: `${ctx.config.publicUrl}/product/${product.id}`,
  };
}

/** Choosing another size or colour only changes the URL's query: nothing to load again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/**
 * The heart: adds the product to the wishlist, or takes it out. Signed-out visitors sign in first.
 * The page comes back on the variant it showed, with a message (without React, the reload is all
 * the visitor sees of it).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  if (ctx.actor.kind === "anonymous") toLogin(request);
  const outcome = await handleForm(request, {
    run: async (values) => {
      const entry = formText(values, "wishlistEntry") || null;
      await wishlist.toggleWishlist(ctx, params.productId, entry);
      // only an id goes back into the address (anything else: the page's own choice)
      const variant = formText(values, "variant");
      return { removed: entry !== null, variant: isWellFormedId(variant) ? variant : "" };
    },
  });
  if (!("result" in outcome)) return outcome;
  const { removed, variant } = outcome.result;
  const back = `/product/${encodeURIComponent(params.productId)}${variant ? `?variant=${encodeURIComponent(variant)}` : ""}`;
  const message = removed ? "Removed from your wishlist." : "Added to your wishlist.";
  throw redirect(back, { headers: await withFlash(ctx, { message, kind: "success" }) });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page not found | ${shopNameFrom(matches)}` }];
  const { product, shareUrl } = loaderData;
  const shopName = shopNameFrom(matches);
  const description = [product.desc1, product.desc2].filter(Boolean).join(". ");
  const image = absoluteImageUrl(matches, product.imageKey, 1200);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image,
    description,
    category: product.categories.map((c) => c.name).join(", "),
    offers: offersOf(product.variants, shareUrl),
  };
  return [
    { title: `${product.title} | ${shopName}` },
    { name: "description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description },
    { property: "og:url", content: shareUrl },
    { property: "og:image", content: image },
    { property: "og:site_name", content: shopName },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: shareUrl },
    { "script:ld+json": jsonLd },
  ];
}

/** One Offer for a product sold one way; an AggregateOffer (lowest and highest price) over its variants otherwise. */
function offersOf(variants: catalog.Variant[], url: string) {
  const offers = variants.map((v) => ({
    "@type": "Offer",
    sku: v.sku,
    price: toDollars(v.priceCents).toFixed(2),
    priceCurrency: "USD",
    availability: v.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    url: variants.length > 1 ? `${url}?variant=${v.id}` : url,
  }));
  if (offers.length === 1) return offers[0];
  const prices = variants.map((v) => v.priceCents);
  return {
    "@type": "AggregateOffer",
    priceCurrency: "USD",
    lowPrice: toDollars(Math.min(...prices)).toFixed(2),
    highPrice: toDollars(Math.max(...prices)).toFixed(2),
    offerCount: offers.length,
    offers,
  };
}

type LoadedProduct = Route.ComponentProps["loaderData"]["product"];
type LoadedVariant = LoadedProduct["variants"][number];

/**
 * The option pickers: a radio group per option; sold-out choices are shown, marked, and still selectable.
 * With React a click changes the page in place; without it the choice is sent as a GET form (by the page
 * script as soon as it is made, else with the form's button), and the page script brings the new page back
 * to its details with the focus on the choice.
 */
function OptionPickers({
  product,
  choice,
  onChoose,
}: {
  product: LoadedProduct;
  choice: Record<string, string>;
  onChoose: (name: string, value: string) => void;
}) {
  const hydrated = useHydrated();
  if (product.options.length === 0) return null;
  return (
    <Form
      method="get"
      replace
      preventScrollReset
      className="mt-6 space-y-4"
      aria-label="Choose an option"
      data-submit-on-change={hydrated ? undefined : DETAILS_ID}
    >
      {product.options.map((option) => (
        <fieldset key={option.name}>
          <legend className="label">
            {option.name}: <span className="font-normal text-ink-700">{choice[option.name]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const available = isValueAvailable(product.variants, choice, option.name, value);
              return (
                <label
                  key={value}
                  className={`relative flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium has-[:checked]:border-ink-900 has-[:checked]:bg-ink-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 ${available ? "border-ink-300 text-ink-900" : "border-dashed border-ink-300 text-ink-600 line-through"}`}
                >
                  <input
                    type="radio"
                    name={option.name}
                    value={value}
                    checked={choice[option.name] === value}
                    onChange={() => onChoose(option.name, value)}
                    className="sr-only"
                  />
                  {value}
                  {!available && <span className="sr-only"> (sold out)</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {!hydrated && (
        <button type="submit" className="btn-secondary text-sm" data-without-script>
          Show this option
        </button>
      )}
    </Form>
  );
}

function StockNote({ variant }: { variant: LoadedVariant | undefined }) {
  if (!variant || variant.stock === 0) {
    return <p className="mt-3 font-semibold text-red-800">Sold out</p>;
  }
  if (variant.stock <= LOW_STOCK_THRESHOLD) {
    return <p className="mt-3 font-semibold text-amber-800">Only {variant.stock} left</p>;
  }
  return <p className="mt-3 text-emerald-800">In stock</p>;
}

function AddToCart({
  productId,
  variant,
  title,
}: {
  productId: string;
  variant: LoadedVariant | undefined;
  title: string;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: `add-to-cart-${productId}` });
  const hydrated = useHydrated();
  const adding = fetcher.state !== "idle";
  const soldOut = !variant || variant.stock === 0;
  return (
    <>
      <fetcher.Form
        method="post"
        action="/cart"
        id={ADD_TO_CART_ID}
        className="flex flex-wrap items-end gap-3"
        noValidate
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="variantId" value={variant?.id ?? ""} />
        <input
          type="hidden"
          name="returnTo"
          value={`/product/${productId}${variant ? `?variant=${variant.id}` : ""}`}
        />
        {hydrated && <input type="hidden" name="respond" value="data" />}
        <div>
          <label htmlFor="quantity" className="label">
            Quantity
          </label>
          <input
            id="quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, Math.min(MAX_LINE_QUANTITY, variant?.stock ?? 1))}
            defaultValue={1}
            className="input w-24"
            disabled={soldOut}
          />
        </div>
        <button type="submit" className="btn-primary px-6 py-3 text-base" disabled={soldOut || adding}>
          {adding && <Spinner />}
          {adding ? "Adding…" : "Add to cart"}
        </button>
      </fetcher.Form>
      <Toast toast={fetcher.state === "idle" ? toastFor(fetcher.data) : null} />
      {fetcher.data?.ok && fetcher.state === "idle" && (
        <p className="mt-2 text-sm">
          <Link to="/cart" className="font-semibold text-accent-700 underline">
            View your cart
          </Link>{" "}
          <span className="sr-only">— {title} was added</span>
        </p>
      )}
    </>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { product, chosenId, wishlistEntry, shareUrl } = loaderData;
  const initial = product.variants.find((v) => v.id === chosenId);
  const [choice, setChoice] = useState<Record<string, string>>(initial?.options ?? {});
  useEffect(() => setChoice(initial?.options ?? {}), [initial]);
  const variant = chooseVariant(product.variants, product.options, choice);
  const navigate = useNavigate();
  const onChoose = (name: string, value: string) => {
    const next = { ...(variant?.options ?? choice), [name]: value };
    const picked = chooseVariant(product.variants, product.options, next);
    setChoice(picked?.options ?? next);
    // the URL follows the choice (shareable, and what the loader reads when the page is reloaded)
    if (picked) void navigate(`?variant=${picked.id}`, { replace: true, preventScrollReset: true });
  };
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === `/product/${product.id}`;
  // optimistic heart: show the state the visitor asked for while it is being saved
  const inWishlist = saving ? !wishlistEntry : Boolean(wishlistEntry);
  const features = [product.desc1, product.desc2, product.desc3, product.desc4].filter(Boolean);
  const shownKey = variant?.imageKey ?? product.imageKey;
  const shown = useShownImage(product.title, product.images, {
    key: shownKey,
    width: product.imageWidth,
    height: product.imageHeight,
    // the alt text an admin gave this picture, else the product's title
    alt: product.images.find((i) => i.key === shownKey)?.alt || product.title,
  });
  const priceCents = variant?.priceCents ?? product.priceCents;
  const soldOut = !variant || variant.stock === 0;
  return (
    <div className="container-page py-8">
      <div className="mb-6">
        <Breadcrumb trail={[{ to: "/product", label: "Products" }]} current={product.title} />
      </div>
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <div>
          <StoredImage
            id={SHOWN_PICTURE.id}
            imageKey={shown.key}
            fallbackWidth={SHOWN_PICTURE.fallbackWidth}
            sizes="(min-width: 1200px) 600px, (min-width: 900px) 50vw, 92vw"
            alt={shown.alt}
            width={shown.width}
            height={shown.height}
            fetchPriority="high"
            className="aspect-square w-full rounded-3xl bg-ink-50 object-cover"
          />
          <GalleryThumbnails title={product.title} gallery={product.images} shownKey={shown.key} images={images} />
        </div>
        <div id={DETAILS_ID}>
          {product.status === "draft" && (
            <p className="mb-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
              Draft: only admins see this page
            </p>
          )}
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{product.title}</h1>
          <p className="mt-3 text-2xl font-semibold text-ink-900" aria-live="polite">
            {formatPrice(priceCents)}{" "}
            {/* the spec's "(approx. $price)", written the way every price is (the shop's currency, its decimals) */}
            <span className="text-base font-normal text-ink-600">(approx. {formatPrice(priceCents)})</span>
          </p>
          <p className="mt-2 text-ink-700">
            Categories:{" "}
            {product.categories.map((c, i) => (
              <span key={c.slug}>
                {i > 0 && ", "}
                <Link to={`/product?category=${c.slug}`} className="font-medium text-accent-700 hover:underline">
                  {c.name}
                </Link>
              </span>
            ))}
          </p>
          <ul className="mt-6 space-y-3">
            {features.map((f) => (
              <li key={f} className="flex gap-3 text-ink-700">
                <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent-600" aria-hidden="true" />
                {f}
              </li>
            ))}
          </ul>
          <OptionPickers product={product} choice={variant?.options ?? choice} onChoose={onChoose} />
          <div aria-live="polite">
            <StockNote variant={variant} />
          </div>
          <div className="mt-4">
            <AddToCart productId={product.id} variant={variant} title={product.title} />
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {/*
              BUY sends the add-to-cart form's variant and quantity to the order form: as a GET form without
              React (its loader tidies the address), by a move to the same address with React (a fetcher's
              GET would only load the order page's data)
            */}
            <button
              type="submit"
              form={ADD_TO_CART_ID}
              formAction={`/buyProducts/${product.id}`}
              formMethod="get"
              className="btn-accent px-8 py-3 text-base"
              disabled={soldOut}
              onClick={(event) => {
                const form = event.currentTarget.form;
                if (!form || !variant) return;
                event.preventDefault();
                const quantity = new FormData(form).get("quantity");
                void navigate(
                  `/buyProducts/${product.id}?variant=${variant.id}&quantity=${encodeURIComponent(String(quantity ?? ""))}`,
                );
              }}
            >
              BUY
            </button>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="wishlistEntry" value={wishlistEntry ?? ""} />
              {variant && <input type="hidden" name="variant" value={variant.id} />}
              <button type="submit" className="btn-secondary" aria-pressed={inWishlist} disabled={saving}>
                <HeartIcon filled={inWishlist} className={`h-5 w-5 ${inWishlist ? "text-accent-700" : ""}`} />
                {inWishlist ? "In wishlist" : "Add to wishlist"}
              </button>
            </Form>
            <ShareDialog url={shareUrl} title={product.title} />
          </div>
        </div>
      </div>
    </div>
  );
}
