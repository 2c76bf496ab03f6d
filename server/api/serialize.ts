import type { Product } from "../../domain/catalog/index.ts";
import { IMAGE_WIDTHS, imageUrl } from "../../domain/media/urls.ts";
import type { Order } from "../../domain/orders/index.ts";
import type { Review } from "../../domain/reviews/index.ts";
import { toDollars } from "../../domain/shared/money.ts";
import type { WishlistItem } from "../../domain/wishlist/index.ts";

/**
 * The API keeps the spec's field names (`_id`, `Categories`, `booking_deatils`, `product_deatils`,
 * `status: {status}`) so that a client written against it keeps working. Images are URLs, never bytes.
 */
const images = (key: string) => Object.fromEntries(IMAGE_WIDTHS.map((w) => [String(w), imageUrl(key, w)]));

export function productJson(p: Product) {
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
    image: imageUrl(p.imageKey),
    images: images(p.imageKey),
    imageWidth: p.imageWidth,
    imageHeight: p.imageHeight,
    createdAt: p.createdAt,
  };
}

export function orderJson(o: Order) {
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
    booking_deatils: first
      ? { _id: first.productId, title: first.title, price: toDollars(first.unitPriceCents), image: imageUrl(first.imageKey) }
      : null,
    lines: o.lines.map((l) => ({
      product_id: l.productId,
      title: l.title,
      unit_price: toDollars(l.unitPriceCents),
      quantity: l.quantity,
      image: imageUrl(l.imageKey),
    })),
    total: toDollars(o.totalCents),
  };
}

export function wishlistJson(w: WishlistItem) {
  return {
    _id: w.id,
    user_email: w.userEmail,
    product_deatils: { _id: w.productId, title: w.title, price: toDollars(w.priceCents), image: imageUrl(w.imageKey) },
    createdAt: w.createdAt,
  };
}

export function reviewJson(r: Review) {
  return { _id: r.id, name: r.name, ...(r.email ? { email: r.email } : {}), description: r.description, rating: r.rating, createdAt: r.createdAt };
}
