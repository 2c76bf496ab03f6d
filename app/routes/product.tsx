import { Form, Link, redirect, useNavigation } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import { DomainError } from "../../domain/errors.ts";
import { imageSrcSet, imageUrl } from "../../domain/media/urls.ts";
import { formatPrice, toDollars } from "../../domain/shared/money.ts";
import * as wishlist from "../../domain/wishlist/index.ts";
import { HeartIcon } from "../components/Icons.tsx";
import { ShareDialog } from "../components/ShareDialog.tsx";
import { publicUrlFrom, shopNameFrom } from "../lib/meta.ts";
import { notFoundPage, shop, toLogin } from "../lib/request.server.ts";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, actor, services } = shop(context);
  let product: catalog.Product;
  try {
    product = await catalog.getProduct({ db }, params.productId);
  } catch (e) {
    if (e instanceof DomainError && e.code === "not_found") notFoundPage();
    throw e;
  }
  const wishlistEntry = await wishlist.wishlistEntryFor({ db }, await actor(), product.id);
  return { product, wishlistEntry, shareUrl: `${services.config.publicUrl}/product/${product.id}` };
}

/** The heart: adds the product to the wishlist, or takes it out. Signed-out visitors sign in first. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = shop(context);
  const who = await actor();
  if (who.kind === "anonymous") toLogin(request);
  const form = await request.formData();
  const entry = String(form.get("wishlistEntry") ?? "");
  try {
    if (entry) await wishlist.removeFromWishlist({ db }, who, entry);
    else await wishlist.addToWishlist({ db }, who, { productId: params.productId });
  } catch (e) {
    // a double click: the state is already what the visitor asked for
    if (!(e instanceof DomainError && (e.code === "conflict" || e.code === "not_found"))) throw e;
  }
  return redirect(`/product/${params.productId}`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page not found | ${shopNameFrom(matches)}` }];
  const { product, shareUrl } = loaderData;
  const shopName = shopNameFrom(matches);
  const description = [product.desc1, product.desc2].filter(Boolean).join(". ");
  const image = `${publicUrlFrom(matches)}${imageUrl(product.imageKey, 1200)}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image,
    description,
    category: product.categories.map((c) => c.name).join(", "),
    offers: { "@type": "Offer", price: toDollars(product.priceCents).toFixed(2), priceCurrency: "USD", availability: "https://schema.org/InStock", url: shareUrl },
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

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, wishlistEntry, shareUrl } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === `/product/${product.id}`;
  // optimistic heart: show the state the visitor asked for while it is being saved
  const inWishlist = saving ? !wishlistEntry : Boolean(wishlistEntry);
  const features = [product.desc1, product.desc2, product.desc3, product.desc4].filter(Boolean);
  return (
    <div className="container-page py-8">
      <div className="mb-6">
        <Breadcrumb trail={[{ to: "/product", label: "Products" }]} current={product.title} />
      </div>
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <img
          src={imageUrl(product.imageKey, 1200)}
          srcSet={imageSrcSet(product.imageKey)}
          sizes="(min-width: 1200px) 600px, (min-width: 900px) 50vw, 92vw"
          alt={product.title}
          width={product.imageWidth}
          height={product.imageHeight}
          fetchPriority="high"
          className="aspect-square w-full rounded-3xl bg-ink-50 object-cover"
        />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{product.title}</h1>
          <p className="mt-3 text-2xl font-semibold text-ink-900">
            {formatPrice(product.priceCents)} <span className="text-base font-normal text-ink-600">(approx. ${toDollars(product.priceCents)})</span>
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
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to={`/buyProducts/${product.id}`} className="btn-accent px-8 py-3 text-base">
              BUY
            </Link>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="wishlistEntry" value={wishlistEntry ?? ""} />
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
