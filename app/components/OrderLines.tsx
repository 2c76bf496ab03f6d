import { formatPrice } from "../../domain/shared/money.ts";
import { useImageUrls } from "../lib/images.ts";

export type OrderLineView = {
  title: string;
  variantTitle: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  imageKey: string;
};

/** An order's lines: what, which size or colour, how many at what price. */
export function OrderLines({ lines, compact = false }: { lines: OrderLineView[]; compact?: boolean }) {
  const images = useImageUrls();
  return (
    <ul className={compact ? "space-y-1" : "space-y-3"}>
      {lines.map((l, i) => (
        // lines of a placed order never change order
        // biome-ignore lint/suspicious/noArrayIndexKey: a line's position is its identity within the order
        <li key={i} data-testid="order-line" className="flex items-center gap-3 text-sm">
          {!compact && (
            <img
              src={images.url(l.imageKey)}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="h-14 w-14 rounded-lg bg-ink-50 object-cover"
            />
          )}
          <span className="min-w-0 flex-1">
            <span className="font-medium text-ink-900">{l.title}</span>
            {l.variantTitle && <span className="text-ink-600"> · {l.variantTitle}</span>}
            <span className="block text-ink-600">
              {l.quantity} × {formatPrice(l.unitPriceCents)}
            </span>
          </span>
          {!compact && <span className="font-semibold">{formatPrice(l.lineTotalCents)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A placed order's lines and total, on the pages that confirm it. */
export function PlacedOrderSummary({ lines, totalCents }: { lines: OrderLineView[]; totalCents: number }) {
  return (
    <section
      aria-label="Your order"
      className="mt-6 max-w-2xl rounded-2xl border border-ink-100 bg-white p-5 shadow-sm"
    >
      <OrderLines lines={lines} />
      <p className="mt-4 flex justify-between border-t border-ink-100 pt-4 font-semibold">
        <span>Total</span>
        <span>{formatPrice(totalCents)}</span>
      </p>
    </section>
  );
}
