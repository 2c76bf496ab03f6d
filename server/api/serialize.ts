import type { Context } from "hono";
import type { Account } from "../../domain/accounts/index.ts";
import { type Cart, type CartLine, cartFingerprint } from "../../domain/cart/index.ts";
import type {
  Category,
  Product,
  ProductImage,
  ProductSearch,
  ProductWithVariants,
  Variant,
} from "../../domain/catalog/index.ts";
import type { InventoryRow } from "../../domain/inventory/index.ts";
import { IMAGE_WIDTHS, type ImageUrls, imageUrls } from "../../domain/media/index.ts";
import type { Order } from "../../domain/orders/index.ts";
import type { Review } from "../../domain/reviews/index.ts";
import { toDollars } from "../../domain/shared/money.ts";
import type { WishlistItem } from "../../domain/wishlist/index.ts";
import type { AppEnv } from "../context.ts";
import type {
  AccountWire,
  CartWire,
  CategoryWire,
  InventoryRowWire,
  OrderWire,
  ProductDetailWire,
  ProductImageWire,
  ProductWire,
  ReviewWire,
  SearchAnswerWire,
  VariantWire,
  WishlistItemWire,
} from "./wire-schemas.ts";

/**
 * The API keeps the original shop's field names (`_id`, `Categories`, `booking_deatils`, `product_deatils`,
 * `status: {status}`) so that a client written against it keeps working. Images are URLs, never bytes,
 * under the shop's media base (its own /media, or S3_PUBLIC_URL). Each serializer returns the type of its schema in wire-schemas.ts, which the OpenAPI document is made from.
 */
export const imageUrlsOf = (c: Context<AppEnv>): ImageUrls => imageUrls(c.get("services").config.mediaBaseUrl);

/**
 * The widest first: keys that are numbers are an object's array elements to V8, and "480" then "1200" grows
 * them to 1,201 slots (16 KB a product, 400 KB per page of 24); "1200" first makes a small dictionary.
 * JSON lists number keys in ascending order either way.
 */
const WIDEST_FIRST = [...IMAGE_WIDTHS].sort((a, b) => b - a);

const images = (urls: ImageUrls, key: string) =>
  Object.fromEntries(WIDEST_FIRST.map((w) => [String(w), urls.url(key, w)]));

export function productJson(p: Product, urls: ImageUrls): ProductWire {
  return {
    _id: p.id,
    title: p.title,
    price: toDollars(p.priceCents),
    Categories: p.categories.map((c) => c.name).join(", "),
    categories: p.categories,
    desc1: p.desc1,
    desc2: p.desc2 ?? "",
    desc3: p.desc3 ?? "",
    desc4: p.desc4 ?? "",
    image: urls.url(p.imageKey),
    images: images(urls, p.imageKey),
    imageWidth: p.imageWidth,
    imageHeight: p.imageHeight,
    available: p.available,
    status: p.status,
    createdAt: p.createdAt,
  };
}

/** A search's page of products with its total, facet counts and spelling help. */
export function searchJson(r: ProductSearch, urls: ImageUrls): SearchAnswerWire {
  return {
    items: r.items.map((p) => productJson(p, urls)),
    total: r.total,
    facets: {
      category: r.facets.category.map((c) => ({ value: c.slug, label: c.name, count: c.count })),
      price: r.facets.price.map((p) => ({
        value: `${toDollars(p.from)}-${p.to === null ? "" : toDollars(p.to)}`,
        min: toDollars(p.from),
        max: p.to === null ? null : toDollars(p.to),
        count: p.count,
      })),
      in_stock: [
        { value: true, count: r.facets.inStock.inStock },
        { value: false, count: r.facets.inStock.outOfStock },
      ],
    },
    ...(r.corrected ? { corrected: r.corrected } : {}),
    ...(r.didYouMean ? { didYouMean: r.didYouMean } : {}),
  };
}

export function orderJson(o: Order, urls: ImageUrls): OrderWire {
  const first = o.lines[0];
  return {
    _id: o.id,
    order_id: o.orderNumber,
    time: o.placedAt,
    full_name: o.fullName,
    address: o.address,
    city: o.city,
    state: o.state,
    zip: o.zip,
    phone: o.phone,
    checkbox: o.acknowledged,
    user_email: o.userEmail,
    status: { status: o.status },
    payment_status: o.paymentStatus,
    payment_method: o.paymentMethod,
    transfer_offered: o.transferOffered,
    booking_deatils: first
      ? {
          _id: first.productId,
          title: first.title,
          price: toDollars(first.unitPriceCents),
          image: urls.url(first.imageKey),
        }
      : null,
    lines: o.lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      title: l.title,
      variant_title: l.variantTitle,
      sku: l.sku,
      unit_price: toDollars(l.unitPriceCents),
      quantity: l.quantity,
      line_total: toDollars(l.lineTotalCents),
      image: urls.url(l.imageKey),
    })),
    total: toDollars(o.totalCents),
  };
}

export function wishlistJson(w: WishlistItem, urls: ImageUrls): WishlistItemWire {
  return {
    _id: w.id,
    user_email: w.userEmail,
    product_deatils: { _id: w.productId, title: w.title, price: toDollars(w.priceCents), image: urls.url(w.imageKey) },
    createdAt: w.createdAt,
  };
}

export function reviewJson(r: Review): ReviewWire {
  return {
    _id: r.id,
    name: r.name,
    ...(r.email ? { email: r.email } : {}),
    description: r.description,
    rating: r.rating,
    createdAt: r.createdAt,
  };
}

/** A variant as the API shows it: `price` in dollars (its own, or the product's), `stock` a whole number. */
export function variantJson(v: Variant, urls: ImageUrls): VariantWire {
  return {
    id: v.id,
    sku: v.sku,
    title: v.title,
    options: v.options,
    price: toDollars(v.priceCents),
    stock: v.stock,
    image: v.imageKey ? urls.url(v.imageKey) : null,
  };
}

/** One product with its options and variants. */
export function productDetailJson(p: ProductWithVariants, urls: ImageUrls): ProductDetailWire {
  return {
    ...productJson(p, urls),
    options: p.options,
    variants: p.variants.map((v) => variantJson(v, urls)),
    gallery: p.images.map((i) => productImageJson(i, urls)),
  };
}

export function productImageJson(i: ProductImage, urls: ImageUrls): ProductImageWire {
  return {
    id: i.id,
    image: urls.url(i.key),
    images: images(urls, i.key),
    width: i.width,
    height: i.height,
    alt: i.alt,
    position: i.position,
  };
}

export function inventoryRowJson(r: InventoryRow): InventoryRowWire {
  return {
    variant_id: r.variantId,
    product_id: r.productId,
    product_title: r.productTitle,
    product_status: r.productStatus,
    sku: r.sku,
    title: r.title,
    options: r.options,
    stock: r.stock,
  };
}

function cartLineJson(l: CartLine, urls: ImageUrls) {
  return {
    id: l.id,
    variantId: l.variantId,
    productId: l.productId,
    title: l.title,
    variantTitle: l.variantTitle,
    sku: l.sku,
    quantity: l.quantity,
    unitPrice: toDollars(l.unitPriceCents),
    lineTotal: toDollars(l.lineTotalCents),
    image: urls.url(l.imageKey),
    stock: l.stock,
  };
}

export function cartJson(c: Cart, urls: ImageUrls): CartWire {
  return {
    items: c.lines.map((l) => cartLineJson(l, urls)),
    subtotal: toDollars(c.subtotalCents),
    itemCount: c.itemCount,
    fingerprint: cartFingerprint(c.lines),
  };
}

export function categoryJson(c: Category): CategoryWire {
  return { id: c.id, slug: c.slug, name: c.name, department: c.department };
}

export function accountJson(a: Account): AccountWire {
  return { email: a.email, displayName: a.displayName, admin: a.admin };
}
