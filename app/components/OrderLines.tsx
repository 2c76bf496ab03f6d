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
