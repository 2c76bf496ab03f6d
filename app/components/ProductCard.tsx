import { Link } from "react-router";
import { formatPrice } from "../../domain/shared/money.ts";
import { StoredImage } from "./StoredImage.tsx";

export type ProductSummary = {
  id: string;
  title: string;
  priceCents: number;
  imageKey: string;
  imageWidth: number;
  imageHeight: number;
  /** whether any size, colour… is in stock */
  available: boolean;
};

/** A catalogue card: image, title, 'Price: {price}', View and Buy Now. */
export function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  const titleId = `product-${product.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <Link
        to={`/product/${product.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-square overflow-hidden bg-ink-50"
      >
        <StoredImage
          imageKey={product.imageKey}
          sizes={CARD_IMAGE_SIZES}
          alt=""
          width={product.imageWidth}
          height={product.imageHeight}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <h3 id={titleId} className="line-clamp-2 min-h-[2.75rem] font-semibold leading-snug text-ink-900">
          {product.title}
        </h3>
        <p className="mt-1 text-ink-700">
          Price: <span className="font-semibold text-ink-900">{formatPrice(product.priceCents)}</span>
        </p>
        {!product.available && (
          <p className="mt-2 w-fit rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-ink-800">
            Sold out
          </p>
        )}
        <div className="mt-auto grid grid-cols-1 gap-2 pt-4 min-[480px]:grid-cols-2">
          <Link
            to={`/product/${product.id}`}
            className="btn-secondary px-2 text-sm"
            aria-label={`View: ${product.title}`}
          >
            View
          </Link>
          <Link
            to={`/buyProducts/${product.id}`}
            className="btn-primary px-2 text-sm"
            aria-label={`Buy Now: ${product.title}`}
          >
            Buy Now
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * How wide a card's picture is shown, by ProductGrid's columns: two below 900 px, three, then four in the
 * page's 1280 px. A phone of 412 px at 1.75 device pixels then fetches the 480 px picture, not the 1200 px one.
 */
const CARD_IMAGE_SIZES = "(min-width: 1200px) 280px, (min-width: 900px) 30vw, 45vw";

export function ProductGrid({ products, eagerCount = 0 }: { products: ProductSummary[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
