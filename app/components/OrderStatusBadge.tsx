import type { OrderStatus } from "../../domain/orders/status.ts";

const tones: Record<OrderStatus, string> = {
  Pending: "bg-amber-100 text-amber-900",
  Shipped: "bg-emerald-100 text-emerald-900",
  Cancelled: "bg-ink-200 text-ink-800",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${tones[status]}`}>{status}</span>;
}
