import { DomainError } from "../shared/errors.ts";

/** An order's life cycle: Pending → Shipped (admin) or Pending → Cancelled (customer or admin). Browser-safe. */
export const ORDER_STATUSES = ["Pending", "Shipped", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const allowed: Record<OrderStatus, OrderStatus[]> = {
  Pending: ["Shipped", "Cancelled"],
  Shipped: [],
  Cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowed[from].includes(to);
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (from === to) return;
  if (canTransition(from, to)) return;
  const messages: Record<string, string> = {
    "Shipped>Cancelled": "This order has been shipped and can no longer be cancelled.",
    "Cancelled>Shipped": "This order was cancelled and cannot be shipped.",
  };
  throw new DomainError("conflict", messages[`${from}>${to}`] ?? `An order that is ${from} cannot become ${to}.`);
}

/** A customer may cancel while the order is still Pending. */
export const isCancellable = (status: OrderStatus) => canTransition(status, "Cancelled");
